/**
 * The search-engine and feed-reader documents' writers (seo.usecases.ts fills them): crawl rules,
 * a sitemap's `<urlset>`, an RSS 2.0 channel. Every text is XML-escaped, by the one writer of
 * each document type below.
 */
import { TOPIC_TYPES } from '../../../common/constants';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Items of an RSS channel. */
export const RSS_ITEMS = 50;

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

/** A `<urlset>` of page addresses, each with its last change when known. */
export function urlset(urls: ReadonlyArray<{ loc: string; lastmod?: number; changefreq?: string }>): string {
  const entries = urls.map(({ loc, lastmod, changefreq }) => {
    const extra = (lastmod !== undefined ? `<lastmod>${isoDate(lastmod)}</lastmod>` : '') + (changefreq ? `<changefreq>${changefreq}</changefreq>` : '');
    return `  <url><loc>${xmlEscape(loc)}</loc>${extra}</url>\n`;
  });
  return '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + entries.join('') + '</urlset>\n';
}

export interface RssChannel {
  title: string;
  link: string;
  self: string;
  description: string;
  language: string;
}

export interface RssItem {
  title: string;
  url: string;
  time: number;
  author: string;
  description: string;
}

/** An RSS 2.0 document; items newest first (the first one dates the channel). */
export function rssDocument(channel: RssChannel, items: readonly RssItem[]): string {
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

/** A tweet has no title: its summary, shortened, stands in. */
export function itemTitle(topic: { type: number; title: string; summary: string }): string {
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
