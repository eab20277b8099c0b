/**
 * The search-engine and feed-reader documents (seo.actions.ts declares them), outside /api:
 *   /robots.txt                  crawl rules and the sitemap's address
 *   /sitemap.xml                 sitemap index → /sitemap-nodes.xml, /sitemap-topics-<n>.xml and
 *                                (article module on) /sitemap-articles-<n>.xml
 *   /sitemap-{topics|articles}-<n>.xml  published posts with ids in ((n−1)·50,000, n·50,000]
 *   /rss.xml, /rss/node/<id>.xml, /rss/tag/<id>.xml, /rss/user/<id>.xml
 *                                RSS 2.0 of the latest published topics (all, or one node's,
 *                                tag's or member's)
 *   /rss/articles.xml            RSS 2.0 of the latest published articles (403 with the module off)
 * Absolute URLs come from the site address (`siteBaseUrl`), never a request's Host. Each answers
 * its document with its media type and a few minutes of public caching.
 */
import type { Kysely } from 'kysely';
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { seoActions } from '../../../common/actions/seo';
import { translator } from '../../../common/i18n';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import { siteBaseUrl } from '../../http/site-address';
import type { MediaAnswer, ReadCall, SiteSettings } from '../../kernel/actions';
import { articleFeedPage, articlesClosed } from '../articles/articles.api';
import { findActiveNode, listNodesForSitemap } from '../nodes/nodes.api';
import { findPostsForSitemap, maxPostId, type PostTable } from '../publishing/publishing.api';
import { findRecentTopics } from '../topics/topics.api';
import { findPublicTag } from '../tags/tags.api';
import { findUserById, usersByIds } from '../users/users.api';
import { itemTitle, robotsTxt, RSS_ITEMS, rssDocument, SITEMAP_PAGE_SIZE, urlset, xmlEscape, type RssChannel } from './seo.documents';

type Input<K extends keyof typeof seoActions> = ParsedInputOf<(typeof seoActions)[K]>;
type Call<K extends keyof typeof seoActions> = ReadCall<Input<K>, undefined>;

/** A sitemap or a feed: a document crawlers and readers fetch again within minutes. */
function xml(body: string, type = 'application/xml'): MediaAnswer {
  return { type: `${type}; charset=utf-8`, headers: { 'cache-control': 'public, max-age=300' }, body };
}

/** Articles are listed while the article module is on. */
const articlesShown = (settings: SiteSettings) => !articlesClosed(settings, 'read');

/** The post kinds with sitemaps, by the path segment of their sitemap files and pages. */
const POST_SITEMAPS = {
  topics: { files: 'topics', page: 'topic', table: 'topics', shown: () => true },
  articles: { files: 'articles', page: 'article', table: 'articles', shown: articlesShown },
} as const satisfies Record<string, { files: string; page: string; table: PostTable; shown: (settings: SiteSettings) => boolean }>;

type PostSitemap = (typeof POST_SITEMAPS)[keyof typeof POST_SITEMAPS];

/** GET /robots.txt (answered before install too: it needs no database). */
export async function robots({ ctx }: Call<'robots'>): Promise<MediaAnswer> {
  return { type: 'text/plain; charset=utf-8', headers: { 'cache-control': 'public, max-age=3600' }, body: robotsTxt(siteBaseUrl(ctx.config)) };
}

/** GET /sitemap.xml: the lists' sitemap, then each shown kind's files up to its highest id. */
export async function sitemapIndex({ ctx, db, settings }: Call<'sitemapIndex'>): Promise<MediaAnswer> {
  const base = siteBaseUrl(ctx.config);
  const entries = [`${base}/sitemap-nodes.xml`];
  for (const sitemap of Object.values(POST_SITEMAPS)) {
    if (!sitemap.shown(settings)) continue;
    const pages = Math.max(1, Math.ceil((await maxPostId(db, sitemap.table)) / SITEMAP_PAGE_SIZE));
    for (let n = 1; n <= pages; n += 1) entries.push(`${base}/sitemap-${sitemap.files}-${n}.xml`);
  }
  return xml(
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      entries.map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`).join('') +
      '</sitemapindex>\n',
  );
}

/** GET /sitemap-nodes.xml: the home page, the lists (articles while shown) and every node. */
export async function sitemapNodes({ ctx, db, settings }: Call<'sitemapNodes'>): Promise<MediaAnswer> {
  const base = siteBaseUrl(ctx.config);
  const lists = [`${base}/`, `${base}/topics`, ...(articlesShown(settings) ? [`${base}/articles`] : [])];
  const nodes = (await listNodesForSitemap(db)).map((node) => ({ loc: `${base}/topics/node/${node.id}`, lastmod: node.update_time }));
  return xml(urlset([...lists.map((loc) => ({ loc, changefreq: 'hourly' })), ...nodes]));
}

async function postSitemap(call: Call<'sitemapTopics' | 'sitemapArticles'>, sitemap: PostSitemap): Promise<MediaAnswer> {
  const { ctx, db, settings, input } = call;
  if (!sitemap.shown(settings)) throw errors.notFound();
  const base = siteBaseUrl(ctx.config);
  const posts = await findPostsForSitemap(db, sitemap.table, (input.page - 1) * SITEMAP_PAGE_SIZE + 1, input.page * SITEMAP_PAGE_SIZE);
  return xml(urlset(posts.map((post) => ({ loc: `${base}/${sitemap.page}/${post.id}`, lastmod: Math.max(post.update_time, post.last_comment_time) }))));
}

/** GET /sitemap-topics-<n>.xml. */
export const topicSitemap = (call: Call<'sitemapTopics'>) => postSitemap(call, POST_SITEMAPS.topics);

/** GET /sitemap-articles-<n>.xml: 404 while the article module is off. */
export const articleSitemap = (call: Call<'sitemapArticles'>) => postSitemap(call, POST_SITEMAPS.articles);

/** Whose latest topics a feed lists: everyone's, or one node's, tag's or member's. */
type TopicScope = { nodeId: number } | { tagId: number } | { userId: number } | null;

/** The channel of the latest topics in `scope` (404 for a node, tag or member that is not shown). */
async function topicChannel(db: Kysely<DB>, base: string, settings: SiteSettings, t: ReturnType<typeof translator>, scope: TopicScope): Promise<RssChannel> {
  const channel = (title: string, link: string, self: string) => ({ title, link, self, description: settings.siteDescription || title, language: settings.language });
  const site = settings.siteTitle;
  if (scope === null) return channel(t('topic.rss.latestTitle', { site }), `${base}/topics`, `${base}/rss.xml`);
  if ('nodeId' in scope) {
    const node = await findActiveNode(db, scope.nodeId);
    if (!node) throw errors.notFound('topic.errors.nodeNotFound');
    return channel(t('topic.rss.nodeTitle', { site, node: node.name }), `${base}/topics/node/${node.id}`, `${base}/rss/node/${node.id}.xml`);
  }
  if ('tagId' in scope) {
    const tag = await findPublicTag(db, scope.tagId);
    if (!tag) throw errors.notFound('topic.errors.tagNotFound');
    return channel(t('seo.rss.tagTitle', { site, tag: tag.name }), `${base}/topics/tag/${tag.id}`, `${base}/rss/tag/${tag.id}.xml`);
  }
  const user = await findUserById(db, scope.userId);
  // Unknown or disabled (status ≠ 0) members: 404, as their profile and topic list are.
  if (!user || user.status !== 0) throw errors.notFound('topic.errors.userNotFound');
  return channel(t('seo.rss.userTitle', { site, name: user.nickname }), `${base}/user/${user.id}`, `${base}/rss/user/${user.id}.xml`);
}

async function topicFeed({ ctx, db, settings, caller }: ReadCall<unknown, undefined>, scope: TopicScope): Promise<MediaAnswer> {
  const base = siteBaseUrl(ctx.config);
  const channel = await topicChannel(db, base, settings, translator(caller.locale), scope);
  const topics = await findRecentTopics(db, { ...scope, limit: RSS_ITEMS });
  const users = new Map((await usersByIds(db, topics.map((topic) => topic.user_id))).map((user) => [user.id, user]));
  const items = topics.map((topic) => ({ title: itemTitle(topic), url: `${base}/topic/${topic.id}`, time: topic.create_time, author: users.get(topic.user_id)?.nickname ?? '', description: topic.summary }));
  return xml(rssDocument(channel, items), 'application/rss+xml');
}

/** GET /rss.xml: the latest published topics. */
export const latestTopicsRss = (call: Call<'rss'>) => topicFeed(call, null);

/** GET /rss/node/<id>.xml: one node's latest published topics. */
export const nodeTopicsRss = (call: Call<'rssNode'>) => topicFeed(call, { nodeId: call.input.id });

/** GET /rss/tag/<id>.xml: one public tag's latest published topics. */
export const tagTopicsRss = (call: Call<'rssTag'>) => topicFeed(call, { tagId: call.input.id });

/** GET /rss/user/<id>.xml: one active member's latest published topics. */
export const userTopicsRss = (call: Call<'rssUser'>) => topicFeed(call, { userId: call.input.id });

/** GET /rss/articles.xml: the latest published articles, as nobody sees them. */
export async function latestArticlesRss({ ctx, db, settings, caller }: Call<'rssArticles'>): Promise<MediaAnswer> {
  const base = siteBaseUrl(ctx.config);
  const title = translator(caller.locale)('article.rss.latestTitle', { site: settings.siteTitle });
  const { results } = await articleFeedPage(db, { limit: RSS_ITEMS }, { viewer: null, locale: caller.locale, now: caller.now });
  const items = results.map((article) => ({ title: article.title, url: `${base}/article/${article.id}`, time: article.createTime, author: article.user?.nickname ?? '', description: article.summary }));
  const channel = { title, link: `${base}/articles`, self: `${base}/rss/articles.xml`, description: settings.siteDescription || title, language: settings.language };
  return xml(rssDocument(channel, items), 'application/rss+xml');
}
