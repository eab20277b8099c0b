/**
 * The articles feature's actions (ADR 0021): who may call each, the module switch, its limit, the
 * row an item-level rule judges and the answer. Routes and the pages' reads are made from these;
 * nothing else decides. With the article module off every read answers 403 'Article feature is
 * not enabled' and every write 'Article feature has been closed', before any field error; the
 * sidebars' reads answer nothing instead.
 */
import { articleActions } from '../../../common/actions/articles';
import { articleEditViewSchema, articleViewSchema } from '../../../common/views/article';
import { nothingSchema, pageOf } from '../../../common/views/page';
import { tagViewSchema } from '../../../common/views/tag';
import { z } from 'zod';
import type { ArticleRow } from '../../db/schema';
import { limit, readAction, who, writeAction, type TargetRule } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { articleReadsOpen, articleWritesOpen } from './articles.kind';
import { articleToChange } from './articles.service';
import {
  articleDetail,
  articleFeed,
  articleForEdit,
  articleTags,
  createArticle,
  deleteArticle,
  editArticle,
  latestArticles,
  presentChanged,
  presentCreated,
  recommendArticle,
  setArticleCommentRules,
  userArticles,
} from './articles.usecases';

/** Posting and editing need a verified e-mail (moderators need none), in the article's words. */
const VERIFY = 'article.errors.verifyEmail';

/** The article the path names, as the caller may change it (404 otherwise); locked inside a write. */
const changeable: TargetRule<{ id: number }, ArticleRow>['load'] = (db, { id }, caller, options) => articleToChange(db, id, memberOf(caller), options);

const feedPage = pageOf(articleViewSchema);

export const articlesActionList = [
  readAction(articleActions.feed, { who: who.anyone(), guards: [articleReadsOpen], answer: feedPage, run: articleFeed }),
  readAction(articleActions.tagFeed, { who: who.anyone(), guards: [articleReadsOpen], answer: feedPage, run: articleFeed }),
  readAction(articleActions.ofUser, { who: who.anyone(), guards: [articleReadsOpen], answer: feedPage, run: userArticles }),
  readAction(articleActions.detail, { who: who.anyone(), guards: [articleReadsOpen], answer: articleViewSchema, run: articleDetail }),
  readAction(articleActions.forEdit, {
    who: who.writer(),
    guards: [articleReadsOpen],
    answer: articleEditViewSchema,
    target: { load: changeable, can: ['content:edit', (row) => ({ userId: row.user_id })] },
    run: articleForEdit,
  }),
  readAction(articleActions.latest, { who: who.anyone(), answer: z.array(articleViewSchema), run: latestArticles }),
  readAction(articleActions.tags, { who: who.anyone(), answer: z.array(tagViewSchema), run: articleTags }),
  writeAction(articleActions.create, {
    who: who.verifiedWriter(VERIFY),
    guards: [articleWritesOpen],
    // The topics' posting allowance, counted apart; a refused article (a bad field) does not use it up.
    limit: limit.allowance('article', (settings) => settings.postLimits, [400]),
    answer: articleViewSchema,
    run: createArticle,
    present: presentCreated,
  }),
  writeAction(articleActions.edit, {
    who: who.verifiedWriter(VERIFY),
    guards: [articleWritesOpen],
    limit: limit.none('an edit changes an article already counted against the posting allowance; nothing new piles up'),
    answer: articleViewSchema,
    target: { load: changeable, can: ['content:edit', (row) => ({ userId: row.user_id })] },
    run: editArticle,
    present: presentChanged,
  }),
  writeAction(articleActions.delete, {
    who: who.writer(),
    guards: [articleWritesOpen],
    limit: limit.none('one delete per article, of one’s own articles (moderators: anyone’s); nothing piles up'),
    answer: nothingSchema,
    target: { load: changeable, can: ['content:delete', (row) => ({ userId: row.user_id })] },
    run: deleteArticle,
  }),
  writeAction(articleActions.recommend, {
    who: who.writer({ can: 'content:moderate' }),
    guards: [articleWritesOpen],
    limit: limit.none('moderators only; the same state again changes nothing'),
    answer: articleViewSchema,
    target: { load: changeable },
    run: recommendArticle,
    present: presentChanged,
  }),
  writeAction(articleActions.commentRules, {
    who: who.writer({ can: 'content:moderate' }),
    guards: [articleWritesOpen],
    limit: limit.none('moderators only, each change audited; the same rules again change nothing'),
    answer: articleViewSchema,
    target: { load: changeable },
    run: setArticleCommentRules,
    present: presentChanged,
  }),
];
