/**
 * Reading posts (topics, articles) in batches: a page's authors, tags and the viewer's
 * liked/favorited flags in a constant number of queries, and public feed pages through the feed
 * micro-cache, loaded once for everyone with a signed-in reader's own flags laid over them.
 */
import type { Kysely } from 'kysely';
import type { TagRef } from '../../../common/views/tag';
import type { DB, UserRow } from '../../db/schema';
import { Serialized, type ReadCall } from '../../kernel/actions';
import type { ViewerContext } from '../../kernel/caller';
import type { Page } from '../../kernel/paging';
import { likedAndFavoritedIds } from '../reactions/reactions.api';
import { tagsOf, type TaggedKind } from '../tags/tags.api';
import { usersByIds } from '../users/users.api';

export interface ViewerFlags {
  liked: ReadonlySet<number>;
  favorited: ReadonlySet<number>;
}

const NO_FLAGS: ViewerFlags = { liked: new Set(), favorited: new Set() };

/** Which of the items the viewer liked and favorited: one query for a whole page, none for nobody. */
export async function viewerFlags(db: Kysely<DB>, viewerId: number | null, type: string, ids: readonly number[]): Promise<ViewerFlags> {
  if (viewerId === null || ids.length === 0) return NO_FLAGS;
  return likedAndFavoritedIds(db, viewerId, type, ids);
}

/** What a page of posts is presented with, each looked up by the post's id or author. */
export interface PostRelations {
  users: ReadonlyMap<number, UserRow>;
  tags: ReadonlyMap<number, TagRef[]>;
  flags: ViewerFlags;
}

/**
 * Authors (and last commenters, in the same query), tags and the viewer's flags of a page of
 * posts: three queries (two for nobody), whatever its size.
 */
export async function postRelations(
  db: Kysely<DB>,
  kind: TaggedKind,
  rows: ReadonlyArray<{ id: number; user_id: number; last_comment_user_id: number | null }>,
  viewerId: number | null,
): Promise<PostRelations> {
  const ids = rows.map((r) => r.id);
  const [users, tagRows, flags] = await Promise.all([
    usersByIds(
      db,
      rows.flatMap((r) => (r.last_comment_user_id === null ? [r.user_id] : [r.user_id, r.last_comment_user_id])),
    ),
    tagsOf(db, kind, ids),
    viewerFlags(db, viewerId, kind, ids),
  ]);
  const tags = new Map<number, TagRef[]>();
  for (const tag of tagRows) tags.set(tag.item_id, [...(tags.get(tag.item_id) ?? []), { id: tag.id, name: tag.name }]);
  return { users: new Map(users.map((u) => [u.id, u])), tags, flags };
}

/** A presented item a signed-in reader acts on in a list. */
export interface Reactable {
  id: number;
  liked: boolean;
  favorited: boolean;
}

/** A public feed page: the kind its items are, its cache key (without the locale) and its loader for nobody. */
export interface PublicFeed<V extends Reactable> {
  type: string;
  key: string;
  load(anonymous: ViewerContext): Promise<Page<V>>;
}

async function withViewerFlags<V extends Reactable>(db: Kysely<DB>, type: string, page: Page<V>, viewer: UserRow | null): Promise<Page<V>> {
  if (!viewer || page.results.length === 0) return page;
  const flags = await viewerFlags(
    db,
    viewer.id,
    type,
    page.results.map((r) => r.id),
  );
  return { ...page, results: page.results.map((r) => ({ ...r, liked: flags.liked.has(r.id), favorited: flags.favorited.has(r.id) })) };
}

function cacheKeyAndLoader<V extends Reactable>(feed: PublicFeed<V>, context: ViewerContext): [string, () => Promise<Page<V>>] {
  return [`${feed.key}|${context.locale}`, () => feed.load({ ...context, viewer: null })];
}

/** What a feed read needs of its declared call: the app, the database, who reads, through which door. */
export type FeedCall = Pick<ReadCall<unknown, unknown>, 'ctx' | 'db' | 'caller' | 'via'>;

/**
 * A public feed page through the cache, as a declared read answers it (one path for the JSON API
 * and the pages): for an anonymous reader of the API, the success envelope itself, serialized
 * once per cache entry (no parse, no second serialization); for anyone else, the page with the
 * reader's own flags laid over it.
 */
export async function publicFeedAnswer<V extends Reactable>(call: FeedCall, feed: PublicFeed<V>): Promise<Page<V> | Serialized<Page<V>>> {
  const { ctx, db, caller } = call;
  const [key, load] = cacheKeyAndLoader(feed, caller);
  if (call.via === 'api' && !caller.viewer) {
    const { json, gzip } = await ctx.feedCache.body(key, ctx.clock.now(), load);
    return new Serialized<Page<V>>(json, gzip);
  }
  return withViewerFlags(db, feed.type, await ctx.feedCache.get(key, ctx.clock.now(), load), caller.viewer);
}

/** The relations of a post its author has just written: no query (the author and tags are at hand, nothing is liked yet). */
export function writtenRelations(author: UserRow, id: number, tags: TagRef[]): PostRelations {
  return { users: new Map([[author.id, author]]), tags: new Map([[id, tags]]), flags: NO_FLAGS };
}
