/**
 * Likes (topics, articles, comments) and favorites (topics, articles). Idempotent: liking twice
 * is one like. Exact under concurrent clicks: the unique index decides whether a like row was
 * inserted or deleted, and the item's counter moves by exactly that in the same transaction, so
 * it equals the number of rows and never goes below zero. The first like (or favorite) of an
 * item by a user tells its author, once: unliking and liking again sends nothing new.
 */
import type { Kysely } from 'kysely';
import { TOPIC_LIMITS } from '../../../common/constants';
import type { FavoriteInput, LikeInput } from '../../../common/validation/comment';
import type { FavoriteView } from '../../../common/views/favorite';
import type { FavoriteState, LikeState } from '../../../common/views/reaction';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import { bumpCounter, readCounter } from '../../kernel/counters.repository';
import type { WriteScope } from '../../kernel/events';
import { assertOpen, writable, type ContentHead, type ContentKind, type KindRegistry } from '../../kernel/kinds';
import { decodeIdCursor, pageOf, type Page } from '../../kernel/paging';
import type { ArticleView } from '../../../common/views/article';
import type { TopicView } from '../../../common/views/topic';
import { addReaction, findFavoritesOf, findFavoritesPage, likedAndFavoritedIds as likedAndFavoritedRows, reactedIds, removeReaction, type ReactionTable } from './reactions.repository';

// The shapes live in common/views (the declared answers); named here for the server's imports.
export type { FavoriteState, LikeState };

const NOT_FOUND = 'comment.errors.entityNotFound';

/** The item an actor may react to: registered for the reaction, visible to them, not deleted, its kind open. */
async function reactable(db: Kysely<DB>, kinds: KindRegistry, type: string, id: number, actor: UserRow, reaction: 'likes' | 'favorites'): Promise<{ kind: ContentKind; info: ContentHead }> {
  const kind = kinds.get(type);
  const info = kind?.[reaction] ? await kind.load(db, id) : undefined;
  if (!kind || !info || !writable(kind, info, actor)) throw errors.notFound(NOT_FOUND);
  // The item's root kind (an article, for a comment on one) may be behind a switched-off module.
  const root = kinds.get(info.root.type);
  if (root) await assertOpen(root, db, 'write');
  return { kind, info };
}

async function toggle(scope: WriteScope, table: ReactionTable, actor: UserRow, input: { entityType: string; entityId: number }, on: boolean): Promise<number> {
  const { db, now } = scope;
  const reaction = table === 'user_likes' ? 'like' : 'favorite';
  const column = table === 'user_likes' ? 'like_count' : 'favorite_count';
  const { kind, info } = await reactable(db, scope.ctx.kinds, input.entityType, input.entityId, actor, reaction === 'like' ? 'likes' : 'favorites');
  const key = { userId: actor.id, entityType: info.type, entityId: info.id };
  const changed = on ? await addReaction(db, table, key, now) : await removeReaction(db, table, key);
  if (changed) {
    await bumpCounter(db, kind.table, column, info.id, on ? 1 : -1);
    await scope.emit('reaction.changed', { reaction, on, actorId: actor.id, item: info });
  }
  return readCounter(db, kind.table, column, info.id);
}

/** POST like/like and like/unlike, inside the write. */
export async function setLike(scope: WriteScope, actor: UserRow, input: LikeInput, on: boolean): Promise<LikeState> {
  return { liked: on, likeCount: await toggle(scope, 'user_likes', actor, input, on) };
}

/** POST favorite/add and favorite/delete, inside the write. */
export async function setFavorite(scope: WriteScope, actor: UserRow, input: FavoriteInput, on: boolean): Promise<FavoriteState> {
  return { favorited: on, favoriteCount: await toggle(scope, 'user_favorites', actor, input, on) };
}

// ---------------------------------------------------------------------------------------------
// Reading

// The shape lives in common/views (the pages read it too); named here for the server's imports.
export type { FavoriteView };

/**
 * GET user/favorites: newest first, each with its item as the item's own API shape. Items the
 * user can no longer see (deleted, back in review) are left out of the page.
 */
export async function favoritesPage(db: Kysely<DB>, kinds: KindRegistry, user: UserRow, params: { cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<FavoriteView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const rows = await findFavoritesPage(db, user.id, decodeIdCursor(params.cursor), limit + 1);
  const paged = pageOf(rows, limit, (row) => [row.id]);
  const page = paged.results;
  const idsByType = new Map<string, number[]>();
  for (const row of page) idsByType.set(row.entity_type, [...(idsByType.get(row.entity_type) ?? []), Number(row.entity_id)]);
  const items = new Map<string, Map<number, unknown>>();
  for (const [type, ids] of idsByType) {
    const present = kinds.get(type)?.presentMany;
    items.set(type, present ? await present(db, ids, context) : new Map());
  }
  const results: FavoriteView[] = [];
  for (const row of page) {
    const item = items.get(row.entity_type)?.get(Number(row.entity_id));
    if (!item) continue;
    // Each kind presents its own items; the favorites list names each kind's shape (API.md).
    const entity = { id: row.id, entityType: row.entity_type, entityId: Number(row.entity_id), createTime: row.create_time };
    results.push({ ...entity, topic: row.entity_type === 'topic' ? (item as TopicView) : null, article: row.entity_type === 'article' ? (item as ArticleView) : null });
  }
  return { results, cursor: paged.cursor, hasMore: paged.hasMore };
}

/** Which of the items the member liked and which they favorited: one query for a whole page. */
export function likedAndFavoritedIds(db: Kysely<DB>, userId: number, type: string, ids: readonly number[]): Promise<{ liked: Set<number>; favorited: Set<number> }> {
  return likedAndFavoritedRows(db, userId, type, ids);
}

/** Of the items, those the member liked: one query for a whole page (a comment list's hearts). */
export function likedIds(db: Kysely<DB>, userId: number, type: string, ids: readonly number[]): Promise<Set<number>> {
  return reactedIds(db, 'user_likes', userId, type, ids);
}

/** A member's favorites, oldest first (their archive, issue 29). */
export async function favoritesOfMember(db: Kysely<DB>, userId: number): Promise<Array<{ type: string; id: number; time: number }>> {
  return (await findFavoritesOf(db, userId)).map((row) => ({ type: row.entity_type, id: row.entity_id, time: row.create_time }));
}

/**
 * An erased member's favorites (issue 29): each removed, its item's counter moved back by exactly
 * the row deleted, as an unfavorite does.
 */
export async function forgetFavoritesOf(scope: WriteScope, userId: number): Promise<void> {
  for (const row of await findFavoritesOf(scope.db, userId)) {
    if (!(await removeReaction(scope.db, 'user_favorites', { userId, entityType: row.entity_type, entityId: row.entity_id }))) continue;
    const kind = scope.ctx.kinds.get(row.entity_type);
    if (kind) await bumpCounter(scope.db, kind.table, 'favorite_count', row.entity_id, -1);
  }
}
