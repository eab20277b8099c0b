/**
 * Search-engine and feed-reader documents, outside /api (registered before the site catch-all):
 *   /robots.txt                  crawl rules and the sitemap's address
 *   /sitemap.xml                 sitemap index → /sitemap-nodes.xml and /sitemap-topics-<n>.xml
 *   /sitemap-topics-<n>.xml      published topics with ids in ((n−1)·50,000, n·50,000]
 *   /rss.xml, /rss/node/<id>.xml RSS 2.0 of the latest published topics (all, or one node)
 * Absolute URLs come from the site address (`siteBaseUrl`), never a request's Host. Every text is XML-escaped.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TOPIC_TYPES } from '../../../common/constants';
import { requireDb } from '../../context';
import { errors } from '../../http/errors';
import { siteBaseUrl } from '../../http/site-address';
import { listNodesForSitemap } from '../nodes/nodes.repository';
import { findActiveNode } from '../nodes/nodes.service';
import { findPostsForSitemap, maxPostId } from '../publishing/publishing.repository';
import { findRecentTopics } from '../topics/topics.repository';
import { findUsersByIds } from '../users/users.repository';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_PAGE_SIZE = 50_000;
const RSS_ITEMS = 50;

/** Escapes text for XML and drops the characters XML 1.0 cannot hold at all. */
export function xmlEscape(value: string): string {
  return value
    // XML 1.0 allows tab, LF, CR and U+0020 upwards (minus surrogates and U+FFFE/U+FFFF).
    // eslint-disable-next-line no-control-regex -- the control characters are the point
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}


function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

function sendXml(reply: FastifyReply, body: string, type = 'application/xml'): string {
  reply.header('content-type', `${type}; charset=utf-8`);
  reply.header('cache-control', 'public, max-age=300');
  return body;
}

/** A tweet has no title: its summary, shortened, stands in. */
function itemTitle(topic: { type: number; title: string; summary: string }): string {
  if (topic.type !== TOPIC_TYPES.tweet && topic.title) return topic.title;
  const chars = [...topic.summary.replace(/\s+/g, ' ').trim()];
  return chars.length > 60 ? chars.slice(0, 60).join('') + '…' : chars.join('');
}

/**
 * What crawlers may fetch: everything public, except the API, account and member pages (sign-in,
 * settings, messages; public profiles too, as large forums do: thin, duplicate content), the
 * editors, the link-out page and the installer. `Sitemap:` points at the index.
 */
/**
 * Crawl rules: forms, private pages and the API stay out; public profiles (`/user/<id>`) are
 * crawlable, so the `/user/` pages that are not are listed one by one.
 */
export function robotsTxt(base: string): string {
  const privateUserPages = ['/user/signin', '/user/signup', '/user/email/', '/user/password/', '/user/profile', '/user/messages', '/user/favorites'];
  const disallowed = ['/api/', ...privateUserPages, '/topic/create', '/topic/edit/', '/redirect', '/install'];
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8');
    reply.header('cache-control', 'public, max-age=3600');
    return robotsTxt(siteBaseUrl(ctx.config));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const db = requireDb(ctx);
    const base = siteBaseUrl(ctx.config);
    const pages = Math.max(1, Math.ceil((await maxPostId(db, 'topics')) / SITEMAP_PAGE_SIZE));
    const entries = [`${base}/sitemap-nodes.xml`];
    for (let n = 1; n <= pages; n += 1) entries.push(`${base}/sitemap-topics-${n}.xml`);
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      entries.map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`).join('') +
      '</sitemapindex>\n';
    return sendXml(reply, body);
  });

  app.get('/sitemap-nodes.xml', async (_request, reply) => {
    const db = requireDb(ctx);
    const base = siteBaseUrl(ctx.config);
    const nodes = await listNodesForSitemap(db);
    const urls = [`  <url><loc>${xmlEscape(`${base}/`)}</loc><changefreq>hourly</changefreq></url>\n`, `  <url><loc>${xmlEscape(`${base}/topics`)}</loc><changefreq>hourly</changefreq></url>\n`];
    for (const node of nodes) urls.push(`  <url><loc>${xmlEscape(`${base}/topics/node/${node.id}`)}</loc><lastmod>${isoDate(node.update_time)}</lastmod></url>\n`);
    return sendXml(reply, '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + urls.join('') + '</urlset>\n');
  });

  app.get<{ Params: { page: string } }>('/sitemap-topics-:page.xml', async (request, reply) => {
    const db = requireDb(ctx);
    const page = Number(request.params.page);
    if (!Number.isSafeInteger(page) || page < 1 || !/^\d+$/.test(request.params.page)) throw errors.notFound();
    const base = siteBaseUrl(ctx.config);
    const topics = await findPostsForSitemap(db, 'topics', (page - 1) * SITEMAP_PAGE_SIZE + 1, page * SITEMAP_PAGE_SIZE);
    const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
    for (const topic of topics) {
      const lastmod = Math.max(topic.update_time, topic.last_comment_time);
      parts.push(`  <url><loc>${xmlEscape(`${base}/topic/${topic.id}`)}</loc><lastmod>${isoDate(lastmod)}</lastmod></url>\n`);
    }
    parts.push('</urlset>\n');
    return sendXml(reply, parts.join(''));
  });

  async function rss(request: FastifyRequest, reply: FastifyReply, nodeId?: number): Promise<string> {
    const db = requireDb(ctx);
    const settings = await ctx.settings.get(db);
    const base = siteBaseUrl(ctx.config);
    let title = request.t('topic.rss.latestTitle', { site: settings.siteTitle });
    let link = `${base}/topics`;
    let self = `${base}/rss.xml`;
    if (nodeId !== undefined) {
      const node = await findActiveNode(db, nodeId);
      if (!node) throw errors.notFound('topic.errors.nodeNotFound');
      title = request.t('topic.rss.nodeTitle', { site: settings.siteTitle, node: node.name });
      link = `${base}/topics/node/${node.id}`;
      self = `${base}/rss/node/${node.id}.xml`;
    }
    const topics = await findRecentTopics(db, { nodeId, limit: RSS_ITEMS });
    const users = new Map((await findUsersByIds(db, topics.map((t) => t.user_id))).map((u) => [u.id, u]));
    const items = topics.map((topic) => {
      const url = `${base}/topic/${topic.id}`;
      const author = users.get(topic.user_id)?.nickname ?? '';
      return (
        '    <item>\n' +
        `      <title>${xmlEscape(itemTitle(topic))}</title>\n` +
        `      <link>${xmlEscape(url)}</link>\n` +
        `      <guid isPermaLink="true">${xmlEscape(url)}</guid>\n` +
        `      <pubDate>${new Date(topic.create_time).toUTCString()}</pubDate>\n` +
        (author ? `      <dc:creator>${xmlEscape(author)}</dc:creator>\n` : '') +
        `      <description>${xmlEscape(topic.summary)}</description>\n` +
        '    </item>\n'
      );
    });
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n' +
      '  <channel>\n' +
      `    <title>${xmlEscape(title)}</title>\n` +
      `    <link>${xmlEscape(link)}</link>\n` +
      `    <description>${xmlEscape(settings.siteDescription || title)}</description>\n` +
      `    <language>${xmlEscape(settings.language)}</language>\n` +
      `    <atom:link href="${xmlEscape(self)}" rel="self" type="application/rss+xml"/>\n` +
      (topics[0] ? `    <lastBuildDate>${new Date(topics[0].create_time).toUTCString()}</lastBuildDate>\n` : '') +
      items.join('') +
      '  </channel>\n</rss>\n';
    return sendXml(reply, body, 'application/rss+xml');
  }

  app.get('/rss.xml', (request, reply) => rss(request, reply));
  app.get<{ Params: { id: string } }>('/rss/node/:id.xml', (request, reply) => {
    const id = Number(request.params.id);
    if (!/^\d+$/.test(request.params.id) || !Number.isSafeInteger(id) || id < 1) throw errors.notFound('topic.errors.nodeNotFound');
    return rss(request, reply, id);
  });
};
