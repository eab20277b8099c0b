/**
 * Articles as a content kind: a post kind (publishing.kind.ts: visibility, likes, favorites,
 * comments, its page and views) behind the article module switch, which comments, likes and
 * favorites ask (`closed`) before acting. Registered by articles.feature.ts.
 */
import type { AppContext } from '../../context';
import type { ArticleRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Guard } from '../../kernel/actions';
import { canSee, type ContentHead, type ContentKind } from '../../kernel/kinds';
import { postKind } from '../publishing/publishing.api';
import { postHead } from '../publishing/publishing.api';
import { findPostHeads } from '../publishing/publishing.api';
import type { Settings } from '../settings/settings.api';
import { findArticleHead, findArticlesByIds } from './articles.repository';
import { assembleArticles } from './articles.service';

export function articleHead(row: Pick<ArticleRow, 'id' | 'user_id' | 'status' | 'title' | 'summary'> & Partial<Pick<ArticleRow, 'comments_locked' | 'slow_mode_seconds'>>): ContentHead {
  return postHead('article', row);
}

/** With the article module off, the spec's refusal: a read 'is not enabled', a write 'has been closed'. */
export function articlesClosed(settings: Settings, access: 'read' | 'write'): string | null {
  if (settings.modules.article) return null;
  return access === 'read' ? 'article.errors.disabled' : 'article.errors.closed';
}

/** A guard: with the module off, a read answers 403 'Article feature is not enabled' before any field error. */
export const articleReadsOpen: Guard = (_ctx, settings) => refuseWhenClosed(settings, 'read');

/** A guard: with the module off, a write answers 403 'Article feature has been closed' before any field error. */
export const articleWritesOpen: Guard = (_ctx, settings) => refuseWhenClosed(settings, 'write');

function refuseWhenClosed(settings: Settings, access: 'read' | 'write'): void {
  const refusal = articlesClosed(settings, access);
  if (refusal) throw errors.forbidden(refusal);
}

export function articleKind(ctx: AppContext): ContentKind {
  return {
    ...postKind('article', 'articles', async (db, id) => {
      const row = await findArticleHead(db, id);
      return row ? articleHead(row) : undefined;
    }),
    closed: async (db, access) => articlesClosed(await ctx.settings.get(db), access),
    // Closed or not, the caller asks `closed` first (a member's comments leave articles out while it is off).
    heads: async (db, ids) => (await findPostHeads(db, 'articles', ids)).map(articleHead),
    // The favorites list leaves articles out while the module is off, as it leaves out what a reader may not see.
    async presentMany(db, ids, context) {
      if (articlesClosed(await ctx.settings.get(db), 'read')) return new Map();
      const rows = (await findArticlesByIds(db, ids)).filter((row) => canSee(row, context.viewer));
      return new Map((await assembleArticles(db, rows, context)).map((view) => [view.id, view]));
    },
  };
}
