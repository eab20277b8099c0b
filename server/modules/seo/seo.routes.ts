/**
 * Search-engine and feed-reader documents, outside /api (registered before the site catch-all):
 *   /robots.txt                  crawl rules and the sitemap's address
 *   /sitemap.xml                 sitemap index → /sitemap-nodes.xml, /sitemap-topics-<n>.xml and
 *                                (article module on) /sitemap-articles-<n>.xml
 *   /sitemap-{topics|articles}-<n>.xml  published posts with ids in ((n−1)·50,000, n·50,000]
 *   /rss.xml, /rss/node/<id>.xml RSS 2.0 of the latest published topics (all, or one node)
 *   /rss/articles.xml            RSS 2.0 of the latest published articles (403 with the module off)
 * Absolute URLs come from the site address (`siteBaseUrl`), never a request's Host. Every text is
 * XML-escaped, by the one writer of each document type below.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TOPIC_TYPES } from '../../../common/constants';
import { pathId } from '../../../common/validation/fields';
import { requireDb, type AppContext } from '../../context';
import { errors } from '../../infra/errors';
import { siteBaseUrl } from '../../http/site-address';
import { listNodesForSitemap } from '../nodes/nodes.api';
import { findActiveNode } from '../nodes/nodes.api';
import { articlesClosed } from '../articles/articles.api';
import { articleFeedPage } from '../articles/articles.api';
import { findPostsForSitemap, maxPostId, type PostTable } from '../publishing/publishing.api';
import { findRecentTopics } from '../topics/topics.api';
import { findUsersByIds } from '../users/users.api';

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

/** A `<urlset>` of page addresses, each with its last change when known. */
function urlset(urls: ReadonlyArray<{ loc: string; lastmod?: number; changefreq?: string }>): string {
  const entries = urls.map(({ loc, lastmod, changefreq }) => {
    const extra = (lastmod !== undefined ? `<lastmod>${isoDate(lastmod)}</lastmod>` : '') + (changefreq ? `<changefreq>${changefreq}</changefreq>` : '');
    return `  <url><loc>${xmlEscape(loc)}</loc>${extra}</url>\n`;
  });
  return '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + entries.join('') + '</urlset>\n';
}

interface RssChannel {
  title: string;
  link: string;
  self: string;
  description: string;
  language: string;
}

interface RssItem {
  title: string;
  url: string;
  time: number;
  author: string;
  description: string;
}

/** An RSS 2.0 document; items newest first (the first one dates the channel). */
function rssDocument(channel: RssChannel, items: readonly RssItem[]): string {
  const entries = items.map(
    (item) =>
      '    <item>\n' +
      `      <title>${xmlEscape(item.title)}</title>\n` +
      `      <link>${xmlEscape(item.url)}</link>\n` +
      `      <guid isPermaLink="true">${xmlEscape(item.url)}</guid>\n` +
      `      <pubDate>${new Date(item.time).toUTCString()}</pubDate>\n` +
      (item.author ? `      <dc:creator>${xmlEscape(item.author)}</dc:creator>\n` : '') +
      `      <description>${xmlEscape(item.description)}</description>\n` +
      '    </item>\n',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n' +
    '  <channel>\n' +
    `    <title>${xmlEscape(channel.title)}</title>\n` +
    `    <link>${xmlEscape(channel.link)}</link>\n` +
    `    <description>${xmlEscape(channel.description)}</description>\n` +
    `    <language>${xmlEscape(channel.language)}</language>\n` +
    `    <atom:link href="${xmlEscape(channel.self)}" rel="self" type="application/rss+xml"/>\n` +
    (items[0] ? `    <lastBuildDate>${new Date(items[0].time).toUTCString()}</lastBuildDate>\n` : '') +
    entries.join('') +
    '  </channel>\n</rss>\n'
  );
}

/** Articles are listed while the article module is on. */
async function articlesShown(ctx: AppContext): Promise<boolean> {
  return !articlesClosed(await ctx.settings.get(requireDb(ctx)), 'read');
}

/** The post kinds with sitemaps, by the path segment of their sitemap files and pages. */
const POST_SITEMAPS: ReadonlyArray<{ files: string; page: string; table: PostTable; shown: (ctx: AppContext) => Promise<boolean> }> = [
  { files: 'topics', page: 'topic', table: 'topics', shown: async () => true },
  { files: 'articles', page: 'article', table: 'articles', shown: articlesShown },
];

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
  const disallowed = ['/api/', ...privateUserPages, '/topic/create', '/topic/edit/', '/article/create', '/article/edit/', '/redirect', '/install'];
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
    const entries = [`${base}/sitemap-nodes.xml`];
    for (const sitemap of POST_SITEMAPS) {
      if (!(await sitemap.shown(ctx))) continue;
      const pages = Math.max(1, Math.ceil((await maxPostId(db, sitemap.table)) / SITEMAP_PAGE_SIZE));
      for (let n = 1; n <= pages; n += 1) entries.push(`${base}/sitemap-${sitemap.files}-${n}.xml`);
    }
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      entries.map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`).join('') +
      '</sitemapindex>\n';
    return sendXml(reply, body);
  });

  app.get('/sitemap-nodes.xml', async (_request, reply) => {
    const db = requireDb(ctx);
    const base = siteBaseUrl(ctx.config);
    const lists = [`${base}/`, `${base}/topics`, ...((await articlesShown(ctx)) ? [`${base}/articles`] : [])];
    const nodes = (await listNodesForSitemap(db)).map((node) => ({ loc: `${base}/topics/node/${node.id}`, lastmod: node.update_time }));
    return sendXml(reply, urlset([...lists.map((loc) => ({ loc, changefreq: 'hourly' })), ...nodes]));
  });

  for (const sitemap of POST_SITEMAPS) {
    app.get<{ Params: { page: string } }>(`/sitemap-${sitemap.files}-:page.xml`, async (request, reply) => {
      const db = requireDb(ctx);
      const page = pathId(request.params.page);
      if (page === null || !(await sitemap.shown(ctx))) throw errors.notFound();
      const base = siteBaseUrl(ctx.config);
      const posts = await findPostsForSitemap(db, sitemap.table, (page - 1) * SITEMAP_PAGE_SIZE + 1, page * SITEMAP_PAGE_SIZE);
      return sendXml(reply, urlset(posts.map((post) => ({ loc: `${base}/${sitemap.page}/${post.id}`, lastmod: Math.max(post.update_time, post.last_comment_time) }))));
    });
  }

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
    const items = topics.map((topic) => ({ title: itemTitle(topic), url: `${base}/topic/${topic.id}`, time: topic.create_time, author: users.get(topic.user_id)?.nickname ?? '', description: topic.summary }));
    return sendXml(reply, rssDocument({ title, link, self, description: settings.siteDescription || title, language: settings.language }, items), 'application/rss+xml');
  }

  app.get('/rss.xml', (request, reply) => rss(request, reply));
  app.get<{ Params: { id: string } }>('/rss/node/:id.xml', (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) throw errors.notFound('topic.errors.nodeNotFound');
    return rss(request, reply, id);
  });

  app.get('/rss/articles.xml', async (request, reply) => {
    const db = requireDb(ctx);
    const settings = await ctx.settings.get(db);
    const refusal = articlesClosed(settings, 'read');
    if (refusal) throw errors.forbidden(refusal);
    const base = siteBaseUrl(ctx.config);
    const title = request.t('article.rss.latestTitle', { site: settings.siteTitle });
    const { results } = await articleFeedPage(db, { limit: RSS_ITEMS }, { viewer: null, locale: request.locale, now: ctx.clock.now() });
    const items = results.map((article) => ({ title: article.title, url: `${base}/article/${article.id}`, time: article.createTime, author: article.user?.nickname ?? '', description: article.summary }));
    const channel = { title, link: `${base}/articles`, self: `${base}/rss/articles.xml`, description: settings.siteDescription || title, language: settings.language };
    return sendXml(reply, rssDocument(channel, items), 'application/rss+xml');
  });
};
