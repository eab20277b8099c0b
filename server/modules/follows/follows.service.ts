/**
 * Following members (spec §4): the toggle, the fans and followed lists, the following feed and
 * the members worth following. Exact under concurrent clicks: both members' rows are locked in
 * id order first, the unique (user_id, other_id) index decides whether a follow was inserted or
 * deleted, and only a real change records `follow.changed`, whose handlers move the counts
 * (users.feature.ts) and tell the followed member (messages.feature.ts) in the same transaction.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, TOPIC_LIMITS } from '../../../common/constants';
import type { ArticleView } from '../../../common/views/article';
import type { FollowedPost, FollowState, FollowSuggestions } from '../../../common/views/follow';
import type { TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import type { WriteScope } from '../../kernel/events';
import type { KindRegistry } from '../../kernel/kinds';
import { decodeIdCursor, decodeTripleCursor, pageOf, type Page } from '../../kernel/paging';
import { findAuthoredPostsPage, findBusiestAuthors, type AuthorSet, type PostTable } from '../publishing/publishing.api';
import { isBlockedBetween } from '../blocks/blocks.api';
import { presentPublicUser } from '../users/users.api';
import { getActiveUser, lockMembers, mostFollowedMembers, usersByIds } from '../users/users.api';
import { addFollow, findFollowPage, findFollowsOf, followedAmong, followedAuthors, removeFollow } from './follows.repository';

/** POST fans/follow (`on`) and fans/unfollow, inside the write: the new state and the member's follower count. */
export async function setFollow(scope: WriteScope, actor: UserRow, otherId: number, on: boolean): Promise<FollowState> {
  const { db, now } = scope;
  if (otherId === actor.id) throw errors.validation({ userId: 'follow.errors.self' });
  const locked = await lockMembers(db, [actor.id, otherId]);
  const other = locked.find((row) => row.id === otherId);
  if (!other) throw errors.notFound('errors.account.userNotFound');
  // A block between the two (either way) refuses a new follow (issue 28); unfollowing stays open.
  if (on && (await isBlockedBetween(db, actor.id, otherId))) throw errors.forbidden('safety.errors.followBlocked');
  const changed = on ? await addFollow(db, actor.id, otherId, now) : await removeFollow(db, actor.id, otherId);
  if (changed) await scope.emit('follow.changed', { followerId: actor.id, followedId: otherId, on });
  // The row was locked before the change: its count plus this change is the count now.
  const fansCount = Math.max(0, other.fans_count + (changed ? (on ? 1 : -1) : 0));
  return { followed: on, fansCount };
}

/**
 * A block ends the follows between the two members, both ways (issue 28), each ending recorded as
 * `follow.changed` so the counters move by exactly what was deleted. The block locked both rows.
 */
export async function endFollowsBetween(scope: WriteScope, a: number, b: number): Promise<void> {
  for (const [followerId, followedId] of [
    [a, b],
    [b, a],
  ] as const) {
    if (await removeFollow(scope.db, followerId, followedId)) await scope.emit('follow.changed', { followerId, followedId, on: false });
  }
}

/**
 * An erased member's follows, both ways (issue 29): each one ended as an unfollow is, recorded as
 * `follow.changed` so both members' counters move by exactly what was deleted.
 */
export async function forgetFollowsOf(scope: WriteScope, userId: number): Promise<void> {
  for (const [followerId, followedId] of await findFollowsOf(scope.db, userId)) {
    if (await removeFollow(scope.db, followerId, followedId)) await scope.emit('follow.changed', { followerId, followedId, on: false });
  }
}

/** Whom a member follows and who follows them, by id (their archive, issue 29). */
export async function followsOfMember(db: Kysely<DB>, userId: number): Promise<{ following: number[]; followers: number[] }> {
  const pairs = await findFollowsOf(db, userId);
  return { following: pairs.filter(([from]) => from === userId).map(([, to]) => to), followers: pairs.filter(([, to]) => to === userId).map(([from]) => from) };
}

/** Of `users`, the ones the viewer follows (none for anonymous readers): one query for a page. */
async function followedByViewer(db: Kysely<DB>, viewer: UserRow | null, users: readonly UserRow[]): Promise<Set<number>> {
  if (!viewer) return new Set();
  return followedAmong(db, viewer.id, users.filter((user) => user.id !== viewer.id).map((user) => user.id));
}

/** GET fans/isfollowed: whether the viewer follows the member (false for anonymous readers and oneself). */
export async function isFollowing(db: Kysely<DB>, viewer: UserRow | null, userId: number): Promise<boolean> {
  if (!viewer || viewer.id === userId) return false;
  return (await followedAmong(db, viewer.id, [userId])).has(userId);
}

/** Members presented for the viewer, each with the viewer's own follow state. */
export async function presentMembers(db: Kysely<DB>, users: readonly UserRow[], context: ViewerContext): Promise<PublicUser[]> {
  const followed = await followedByViewer(db, context.viewer, users);
  return users.map((user) => presentPublicUser(user, { now: context.now, followed: followed.has(user.id) }));
}

/** GET user/{id}: an active member's public profile with the viewer's follow state; 404 otherwise. */
export async function profileOf(db: Kysely<DB>, id: number, context: ViewerContext): Promise<PublicUser> {
  const [user] = await presentMembers(db, [await getActiveUser(db, id)], context);
  return user!;
}

/**
 * GET fans/fans (`side: 'fans'`) and fans/followed: a member's followers, or the members they
 * follow, newest follow first, keyset by the follow's id. Four queries whatever the page: the
 * member, the page of follows, their users, the viewer's follows among them. Members whose
 * account was disabled are left out of the page.
 */
export async function followList(db: Kysely<DB>, side: 'fans' | 'followed', params: { userId: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<PublicUser>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const owner = await getActiveUser(db, params.userId);
  const links = await findFollowPage(db, side, owner.id, decodeIdCursor(params.cursor), limit + 1);
  const page = pageOf(links, limit, (link) => [link.id]);
  const rows = new Map((await usersByIds(db, page.results.map((link) => link.memberId))).map((row) => [row.id, row]));
  const members = page.results.map((link) => rows.get(link.memberId)).filter((row): row is UserRow => row !== undefined && row.status === 0);
  return { results: await presentMembers(db, members, context), cursor: page.cursor, hasMore: page.hasMore };
}

/** The post kinds of the following feed; `rank` orders two posts of the same millisecond and names the table in the cursor. */
const FEED_KINDS = [
  { type: 'topic', table: 'topics', rank: 1 },
  { type: 'article', table: 'articles', rank: 0 },
] as const satisfies ReadonlyArray<{ type: FollowedPost['entityType']; table: PostTable; rank: number }>;

type FeedKind = (typeof FEED_KINDS)[number];

interface FeedKey {
  kind: FeedKind;
  id: number;
  time: number;
}

/**
 * Where a kind's part of the next page starts, from the `[time, rank, id]` of the last entry
 * shown: the order is (time, rank, id) descending, so a kind ranked below the last entry's kind
 * still has that same millisecond to show, one ranked above has not.
 */
function startOf(kind: FeedKind, cursor: [number, number, number] | null): { time: number; id: number } | null {
  if (!cursor) return null;
  const [time, rank, id] = cursor;
  if (kind.rank === rank) return { time, id };
  return { time, id: kind.rank < rank ? Number.MAX_SAFE_INTEGER : 0 };
}

/**
 * GET topic/topics?nodeId=-2: the published topics and articles of the members the viewer
 * follows, newest first, keyset by `[createTime, kind, id]`. Constant queries whatever the page:
 * one page per kind (whom they follow joined to the kind's table in the same statement: no list
 * of ids comes back to be sent again), then each kind's entries presented by the kind (relations,
 * tags, flags). Articles stay out while their module is off.
 */
export async function followingFeed(db: Kysely<DB>, kinds: KindRegistry, params: { cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<FollowedPost>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const cursor = decodeTripleCursor(params.cursor);
  if (!context.viewer) return { results: [], cursor: '', hasMore: false };
  const authors = followedAuthors(db, context.viewer.id);
  const parts = await Promise.all(
    FEED_KINDS.map(async (kind): Promise<FeedKey[]> => {
      const registered = kinds.get(kind.type);
      if (!registered || (await registered.closed?.(db, 'read'))) return [];
      const rows = await findAuthoredPostsPage(db, kind.table, authors, CONTENT_STATUS.published, startOf(kind, cursor), limit + 1);
      return rows.map((row) => ({ kind, id: row.id, time: row.create_time }));
    }),
  );
  const merged = parts.flat().sort((a, b) => b.time - a.time || b.kind.rank - a.kind.rank || b.id - a.id);
  const page = pageOf(merged, limit, (key) => [key.time, key.kind.rank, key.id]);
  const views = new Map<string, Map<number, unknown>>();
  for (const kind of FEED_KINDS) {
    const ids = page.results.filter((key) => key.kind === kind).map((key) => key.id);
    const present = kinds.get(kind.type)?.presentMany;
    views.set(kind.type, ids.length > 0 && present ? await present(db, ids, context) : new Map());
  }
  const results: FollowedPost[] = [];
  for (const key of page.results) {
    const view = views.get(key.kind.type)?.get(key.id);
    if (!view) continue;
    // Each kind presents its own shape (kinds.presentMany); the entry names which it is.
    results.push(key.kind.type === 'topic' ? { ...(view as TopicView), entityType: 'topic' } : { ...(view as ArticleView), entityType: 'article' });
  }
  return { results, cursor: page.cursor, hasMore: page.hasMore };
}

const SUGGESTED = 6;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Members worth following (the following feed's empty state): the most followed, and those who
 * posted the most topics this week (each member in one list only); neither lists the viewer or
 * whom they already follow.
 */
export async function followSuggestions(db: Kysely<DB>, context: ViewerContext): Promise<FollowSuggestions> {
  const [popular, busiest] = await Promise.all([
    mostFollowedMembers(db, SUGGESTED * 2),
    findBusiestAuthors(db, 'topics', CONTENT_STATUS.published, context.now - WEEK_MS, SUGGESTED * 2),
  ]);
  const busyRows = new Map((await usersByIds(db, busiest.map((entry) => entry.userId))).map((row) => [row.id, row]));
  const active = busiest.map((entry) => busyRows.get(entry.userId)).filter((row): row is UserRow => row !== undefined && row.status === 0);
  const followed = await followedByViewer(db, context.viewer, [...popular, ...active]);
  const worth = (rows: readonly UserRow[], shown: ReadonlySet<number>) => rows.filter((row) => row.id !== context.viewer?.id && !followed.has(row.id) && !shown.has(row.id)).slice(0, SUGGESTED);
  const present = (rows: readonly UserRow[]) => rows.map((row) => presentPublicUser(row, { now: context.now, followed: false }));
  const mostFollowed = worth(popular, new Set());
  // A member already suggested as most followed is not suggested twice.
  const activeThisWeek = worth(active, new Set(mostFollowed.map((row) => row.id)));
  return { mostFollowed: present(mostFollowed), activeThisWeek: present(activeThisWeek) };
}

/** Whom `userId` follows, as a subquery of one `author_id` column a post table joins (the e-mail digest). */
export function followedAuthorsOf(db: Kysely<DB>, userId: number): AuthorSet {
  return followedAuthors(db, userId);
}

/** Whether `followerId` follows `followedId` (conversations: "members I follow may message me"). */
export async function followsMember(db: Kysely<DB>, followerId: number, followedId: number): Promise<boolean> {
  return (await followedAmong(db, followerId, [followedId])).has(followedId);
}
