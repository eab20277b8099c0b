/**
 * Search-engine and feed-reader documents, outside /api (docs/api-additions.md): crawl rules, the
 * sitemaps, the RSS feeds. Each answers a document of its own media type, not the JSON envelope;
 * a refusal (404, 403 with the article module off) is the envelope as elsewhere.
 */
import { z } from '../zod';
import { idField } from '../validation/fields';
import { contract, returns } from './contract';

const none = z.object({});
/** A sitemap file's number: `/sitemap-topics-2.xml` lists ids (50,000, 100,000]. */
const sitemapPage = z.object({ page: idField });

export const seoActions = {
  robots: contract({
    name: 'seo.robots',
    method: 'GET',
    path: '/robots.txt',
    input: none,
    output: returns<string>(),
    summary: 'Crawl rules and the sitemap’s address.',
    media: 'text/plain',
  }),
  sitemapIndex: contract({
    name: 'seo.sitemapIndex',
    method: 'GET',
    path: '/sitemap.xml',
    input: none,
    output: returns<string>(),
    summary: 'The sitemap index: the lists and nodes, then every topic (and article) sitemap file.',
    media: 'application/xml',
  }),
  sitemapNodes: contract({
    name: 'seo.sitemapNodes',
    method: 'GET',
    path: '/sitemap-nodes.xml',
    input: none,
    output: returns<string>(),
    summary: 'The home page, the lists and every node.',
    media: 'application/xml',
  }),
  sitemapTopics: contract({
    name: 'seo.sitemapTopics',
    method: 'GET',
    path: '/sitemap-topics-:page.xml',
    input: sitemapPage,
    output: returns<string>(),
    summary: 'Published topics with ids in ((n−1)·50,000, n·50,000].',
    media: 'application/xml',
  }),
  sitemapArticles: contract({
    name: 'seo.sitemapArticles',
    method: 'GET',
    path: '/sitemap-articles-:page.xml',
    input: sitemapPage,
    output: returns<string>(),
    summary: 'Published articles with ids in ((n−1)·50,000, n·50,000]; 404 while the article module is off.',
    media: 'application/xml',
  }),
  rss: contract({
    name: 'seo.rss',
    method: 'GET',
    path: '/rss.xml',
    input: none,
    output: returns<string>(),
    summary: 'RSS 2.0 of the latest published topics.',
    media: 'application/rss+xml',
  }),
  rssNode: contract({
    name: 'seo.rssNode',
    method: 'GET',
    path: '/rss/node/:id.xml',
    input: z.object({ id: idField }),
    output: returns<string>(),
    summary: "RSS 2.0 of one node's latest published topics.",
    notFound: 'topic.errors.nodeNotFound',
    media: 'application/rss+xml',
  }),
  rssTag: contract({
    name: 'seo.rssTag',
    method: 'GET',
    path: '/rss/tag/:id.xml',
    input: z.object({ id: idField }),
    output: returns<string>(),
    summary: "RSS 2.0 of one tag's latest published topics.",
    notFound: 'topic.errors.tagNotFound',
    media: 'application/rss+xml',
  }),
  rssUser: contract({
    name: 'seo.rssUser',
    method: 'GET',
    path: '/rss/user/:id.xml',
    input: z.object({ id: idField }),
    output: returns<string>(),
    summary: "RSS 2.0 of one member's latest published topics (unknown or disabled member: 404).",
    notFound: 'topic.errors.userNotFound',
    media: 'application/rss+xml',
  }),
  rssArticles: contract({
    name: 'seo.rssArticles',
    method: 'GET',
    path: '/rss/articles.xml',
    input: none,
    output: returns<string>(),
    summary: 'RSS 2.0 of the 50 newest published articles; 403 while the article module is off.',
    media: 'application/rss+xml',
  }),
};
