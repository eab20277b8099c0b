/**
 * Articles (API.md "Articles", docs/api-additions.md, issue 12): the contracts of the articles
 * feature's actions, and the two reads only the pages make (the sidebars' latest articles and
 * most used tags).
 */
import { z } from '../zod';
import { ARTICLE_LIMITS } from '../constants';
import { articleCreateSchema, articleEditSchema } from '../validation/article';
import { cursorQuery, idField, tagFeedQuery, userFeedQuery } from '../validation/fields';
import { commentRulesSchema, recommendSchema } from '../validation/topic';
import type { ArticleEditView, ArticleView } from '../views/article';
import type { Page } from '../views/page';
import type { TagView } from '../views/tag';
import { contract, returns } from './contract';

const byId = z.object({ id: idField });

/** How many a sidebar asks for, held to a feed page (1–20): a page asking for more gets a page's worth. */
const sidebarCount = z.object({ limit: z.number().int().transform((limit) => Math.min(Math.max(limit, 1), ARTICLE_LIMITS.pageSize)) });

export const articleActions = {
  feed: contract({
    name: 'article.feed',
    method: 'GET',
    path: '/api/article/articles',
    input: cursorQuery,
    output: returns<Page<ArticleView>>(),
    summary: 'The published articles, newest first (list items carry no content).',
  }),
  tagFeed: contract({
    name: 'article.tagFeed',
    method: 'GET',
    path: '/api/article/tag/articles',
    input: tagFeedQuery,
    output: returns<Page<ArticleView>>(),
    summary: "One tag's published articles, newest first; an unknown tag is 404.",
  }),
  ofUser: contract({
    name: 'article.ofUser',
    method: 'GET',
    path: '/api/article/user_articles',
    input: userFeedQuery,
    output: returns<Page<ArticleView>>(),
    summary: "A member's articles, newest first; their pending ones too for them and moderators.",
  }),
  detail: contract({
    name: 'article.detail',
    method: 'GET',
    path: '/api/article/:id',
    input: byId,
    output: returns<ArticleView>(),
    summary: 'One article with its sanitized content; counts one view per visitor.',
    notFound: 'article.errors.notFound',
  }),
  create: contract({
    name: 'article.create',
    method: 'POST',
    path: '/api/article/create',
    input: articleCreateSchema,
    output: returns<ArticleView>(),
    summary: 'Publishes an article (or holds it for review); needs a verified e-mail.',
  }),
  forEdit: contract({
    name: 'article.forEdit',
    method: 'GET',
    path: '/api/article/edit/:id',
    input: byId,
    output: returns<ArticleEditView>(),
    summary: "An article's raw editable fields, for its author or a moderator.",
    notFound: 'article.errors.notFound',
  }),
  edit: contract({
    name: 'article.edit',
    method: 'POST',
    path: '/api/article/edit/:id',
    input: articleEditSchema.extend(byId.shape),
    output: returns<ArticleView>(),
    summary: 'Edits an article (its author or a moderator); a forbidden word sends it back to review.',
    notFound: 'article.errors.notFound',
  }),
  delete: contract({
    name: 'article.delete',
    method: 'POST',
    path: '/api/article/delete/:id',
    input: byId,
    output: returns<null>(),
    summary: 'Deletes an article (its author or a moderator); a moderator’s delete tells the author.',
    notFound: 'article.errors.notFound',
  }),
  recommend: contract({
    name: 'article.recommend',
    method: 'POST',
    path: '/api/article/recommend/:id',
    input: recommendSchema.extend(byId.shape),
    output: returns<ArticleView>(),
    summary: 'Recommends an article or takes the recommendation back (moderators).',
    notFound: 'article.errors.notFound',
  }),
  latest: contract({
    name: 'article.latest',
    method: null,
    path: null,
    input: sidebarCount,
    output: returns<ArticleView[]>(),
    summary: 'The newest published articles (the sidebars); none while the article module is off.',
  }),
  tags: contract({
    name: 'article.tags',
    method: null,
    path: null,
    input: sidebarCount,
    output: returns<TagView[]>(),
    summary: 'The tags most used by published articles (the /articles sidebar); none while the module is off.',
  }),
  commentRules: contract({
    name: 'article.commentRules',
    method: 'POST',
    path: '/api/article/comment_rules/:id',
    input: commentRulesSchema.extend(byId.shape),
    output: returns<ArticleView>(),
    summary: 'Locks an article (no new comments) or unlocks it, and sets slow mode: one comment per member every N seconds, 0 = off (moderators; audited).',
    notFound: 'article.errors.notFound',
  }),
};
