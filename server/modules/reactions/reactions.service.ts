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
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import { bumpCounter, readCounter } from '../comments/comments.repository';
import { entityKind, writable, type EntityInfo, type EntityKind } from '../comments/entity-registry';
import { notify, type Outbox } from '../messages/messages.service';
import { decodeIdCursor, encodeCursor, type Page } from '../topics/cursor';
import type { TopicView } from '../topics/topics.presenter';
import type { ViewerContext } from '../topics/topics.service';
import { addReaction, findFavoritesPage, removeReaction, type ReactionTable } from './reactions.repository';

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

export interface FavoriteState {
  favorited: boolean;
  favoriteCount: number;
}

const NOT_FOUND = 'comment.errors.entityNotFound';

/** The item an actor may react to: registered for the reaction, visible to them, not deleted. */
async function reactable(db: Kysely<DB>, type: string, id: number, actor: UserRow, reaction: 'likes' | 'favorites'): Promise<{ kind: EntityKind; info: EntityInfo }> {
  const kind = entityKind(type);
  const info = kind?.[reaction] ? await kind.load(db, id) : undefined;
  if (!kind || !info || !writable(kind, info, actor)) throw errors.notFound(NOT_FOUND);
  return { kind, info };
}

async function toggle(
  db: Kysely<DB>,
  table: ReactionTable,
  actor: UserRow,
  input: { entityType: string; entityId: number },
  on: boolean,
  now: number,
  outbox: Outbox | null,
): Promise<{ changed: boolean; count: number; info: EntityInfo }> {
  const reaction = table === 'user_likes' ? 'likes' : 'favorites';
  const column = table === 'user_likes' ? 'like_count' : 'favorite_count';
  const { kind, info } = await reactable(db, input.entityType, input.entityId, actor, reaction);
  const key = { userId: actor.id, entityType: info.type, entityId: info.id };
  const changed = on ? await addReaction(db, table, key, now) : await removeReaction(db, table, key);
  if (changed) await bumpCounter(db, kind.counterTable, column, info.id, on ? 1 : -1);
  if (changed && on && outbox) {
    const type = table === 'user_likes' ? 'like' : 'favorite';
    await notify(
      db,
      {
        to: info.ownerId,
        from: actor.id,
        type,
        title: info.title,
        quote: info.excerpt,
        url: info.url,
        entity: { type: info.type, id: info.id },
        eventKey: `${type}:${info.type}:${info.id}:${actor.id}`,
        now,
      },
      outbox,
    );
  }
  return { changed, count: await readCounter(db, kind.counterTable, column, info.id), info };
}

/** POST like/like, inside the route's transaction. */
export async function like(db: Kysely<DB>, actor: UserRow, input: LikeInput, now: number, outbox: Outbox): Promise<LikeState> {
  const { count } = await toggle(db, 'user_likes', actor, input, true, now, outbox);
  return { liked: true, likeCount: count };
}

/** POST like/unlike, inside the route's transaction. */
export async function unlike(db: Kysely<DB>, actor: UserRow, input: LikeInput, now: number): Promise<LikeState> {
  const { count } = await toggle(db, 'user_likes', actor, input, false, now, null);
  return { liked: false, likeCount: count };
}

/** POST favorite/add, inside the route's transaction. */
export async function addFavorite(db: Kysely<DB>, actor: UserRow, input: FavoriteInput, now: number, outbox: Outbox): Promise<FavoriteState> {
  const { count } = await toggle(db, 'user_favorites', actor, input, true, now, outbox);
  return { favorited: true, favoriteCount: count };
}

/** POST favorite/delete, inside the route's transaction. */
export async function removeFavorite(db: Kysely<DB>, actor: UserRow, input: FavoriteInput, now: number): Promise<FavoriteState> {
  const { count } = await toggle(db, 'user_favorites', actor, input, false, now, null);
  return { favorited: false, favoriteCount: count };
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface FavoriteView {
  /** The favorite's own id (the cursor pages over it). */
  id: number;
  entityType: string;
  entityId: number;
  createTime: number;
  /** The topic, when `entityType` is `topic`. */
  topic: TopicView | null;
}

/**
 * GET user/favorites: newest first, each with its item as the item's own API shape. Items the
 * user can no longer see (deleted, back in review) are left out of the page.
 */
export async function favoritesPage(db: Kysely<DB>, user: UserRow, params: { cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<FavoriteView>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const rows = await findFavoritesPage(db, user.id, decodeIdCursor(params.cursor), limit + 1);
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const idsByType = new Map<string, number[]>();
  for (const row of page) idsByType.set(row.entity_type, [...(idsByType.get(row.entity_type) ?? []), Number(row.entity_id)]);
  const items = new Map<string, Map<number, TopicView>>();
  for (const [type, ids] of idsByType) {
    const present = entityKind(type)?.presentMany;
    items.set(type, present ? await present(db, ids, context) : new Map());
  }
  const results: FavoriteView[] = [];
  for (const row of page) {
    const item = items.get(row.entity_type)?.get(Number(row.entity_id));
    if (!item) continue;
    results.push({ id: row.id, entityType: row.entity_type, entityId: Number(row.entity_id), createTime: row.create_time, topic: row.entity_type === 'topic' ? item : null });
  }
  const last = page.at(-1);
  return { results, cursor: last && hasMore ? encodeCursor([last.id]) : '', hasMore };
}
