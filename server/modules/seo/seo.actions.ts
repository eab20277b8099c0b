/**
 * The SEO feature's actions (ADR 0021): documents for search engines and feed readers, each
 * answered in its own media type (a refusal is the JSON envelope, as elsewhere). Public, unlimited:
 * small reads a crawler makes now and then, cached a few minutes by whoever fetches them.
 */
import { seoActions } from '../../../common/actions/seo';
import { readAction, who } from '../../kernel/actions';
import { articleReadsOpen } from '../articles/articles.api';
import { articleSitemap, latestArticlesRss, latestTopicsRss, nodeTopicsRss, robots, tagTopicsRss, userTopicsRss, sitemapIndex, sitemapNodes, topicSitemap } from './seo.usecases';

const XML = { media: 'application/xml' } as const;
const RSS = { media: 'application/rss+xml' } as const;

export const seoActionList = [
  // The crawl rules need no database: a forum being installed answers them too.
  readAction(seoActions.robots, { who: who.anyone(), beforeInstall: true, answer: { media: 'text/plain' }, run: robots }),
  readAction(seoActions.sitemapIndex, { who: who.anyone(), answer: XML, run: sitemapIndex }),
  readAction(seoActions.sitemapNodes, { who: who.anyone(), answer: XML, run: sitemapNodes }),
  readAction(seoActions.sitemapTopics, { who: who.anyone(), answer: XML, run: topicSitemap }),
  readAction(seoActions.sitemapArticles, { who: who.anyone(), answer: XML, run: articleSitemap }),
  readAction(seoActions.rss, { who: who.anyone(), answer: RSS, run: latestTopicsRss }),
  readAction(seoActions.rssNode, { who: who.anyone(), answer: RSS, run: nodeTopicsRss }),
  readAction(seoActions.rssTag, { who: who.anyone(), answer: RSS, run: tagTopicsRss }),
  readAction(seoActions.rssUser, { who: who.anyone(), answer: RSS, run: userTopicsRss }),
  readAction(seoActions.rssArticles, { who: who.anyone(), guards: [articleReadsOpen], answer: RSS, run: latestArticlesRss }),
];
