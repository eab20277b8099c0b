/**
 * Blocks between members (issue 28). A block is the blocker's own shield: the blocked member's
 * posts and comments collapse for the blocker (the pages do it, from `blockedIdsOf` in the
 * member's own data), the blocked member cannot mention, follow or message the blocker, and
 * follows between them end (the follows feature's handler of `block.changed`). It hides nothing
 * from staff and stops no moderation: staff cannot be blocked (as in Discourse, where members
 * cannot ignore staff), and blocks change nothing of what anyone else reads.
 */
import type { Kysely } from 'kysely';
import { TOPIC_LIMITS } from '../../../common/constants';
import type { BlockedMember, BlockState } from '../../../common/views/block';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import type { WriteScope } from '../../kernel/events';
import { decodeIdCursor, pageOf, type Page } from '../../kernel/paging';
import { isModerator } from '../../policy/permissions';
import { lockMembers, presentPublicUser, usersByIds } from '../users/users.api';
import { addBlock, blockersAmong, countBlocks, findBlockedIds, findBlockPage, hasBlock, hasBlockBetween, removeBlock } from './blocks.repository';

/** The most members one member may block: the pages carry their ids to every page the member reads. */
export const BLOCKS_MAX = 500;

/**
 * POST user/block (`on`) and user/unblock, inside the write: never oneself (400, `userId`), never
 * staff (403). Both members' rows are locked in id order first (the follows a block ends move
 * their counters), and only a real change records `block.changed`.
 */
export async function setBlock(scope: WriteScope, actor: UserRow, otherId: number, on: boolean): Promise<BlockState> {
  const { db, now } = scope;
  if (otherId === actor.id) throw errors.validation({ userId: 'safety.errors.blockSelf' });
  const locked = await lockMembers(db, [actor.id, otherId]);
  const other = locked.find((row) => row.id === otherId);
  if (!other) throw errors.notFound('errors.account.userNotFound');
  if (on && isModerator(other)) throw errors.forbidden('safety.errors.blockStaff');
  if (on && !(await hasBlock(db, actor.id, otherId)) && (await countBlocks(db, actor.id)) >= BLOCKS_MAX) {
    throw errors.conflict('safety.errors.blocksFull', { userId: { key: 'safety.errors.blocksFull', params: { max: BLOCKS_MAX } } });
  }
  const changed = on ? await addBlock(db, actor.id, otherId, now) : await removeBlock(db, actor.id, otherId);
  if (changed) await scope.emit('block.changed', { blockerId: actor.id, blockedId: otherId, on });
  return { blocked: on };
}

/** Whether either member blocked the other (follows, conversations refuse between them). */
export function isBlockedBetween(db: Kysely<DB>, a: number, b: number): Promise<boolean> {
  if (a === b) return Promise.resolve(false);
  return hasBlockBetween(db, a, b);
}

/** Whether `userId` blocked `otherId`. */
export function hasBlocked(db: Kysely<DB>, userId: number, otherId: number): Promise<boolean> {
  return hasBlock(db, userId, otherId);
}

/** Of `memberIds`, those who blocked `authorId` (the mentions' recipients a post may not tell). */
export function membersWhoBlocked(db: Kysely<DB>, authorId: number, memberIds: readonly number[]): Promise<Set<number>> {
  return blockersAmong(db, authorId, memberIds);
}

/** The ids of the members `userId` blocked (at most BLOCKS_MAX). */
export function blockedIdsOf(db: Kysely<DB>, userId: number): Promise<number[]> {
  return findBlockedIds(db, userId, BLOCKS_MAX);
}

/**
 * GET user/blocks: the reader's blocks, newest first, keyset by the block's id. Two queries
 * whatever the page: the blocks, then their members (disabled accounts stay listed, so they can
 * be unblocked).
 */
export async function blockList(db: Kysely<DB>, viewer: UserRow, params: { cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<BlockedMember>> {
  const limit = params.limit ?? TOPIC_LIMITS.pageSize;
  const links = await findBlockPage(db, viewer.id, decodeIdCursor(params.cursor), limit + 1);
  const page = pageOf(links, limit, (link) => [link.id]);
  const users = new Map((await usersByIds(db, page.results.map((link) => link.blockedId))).map((row) => [row.id, row]));
  const results: BlockedMember[] = [];
  for (const link of page.results) {
    const user = users.get(link.blockedId);
    if (user) results.push({ id: link.id, user: presentPublicUser(user, { now: context.now }), createTime: link.createTime });
  }
  return { results, cursor: page.cursor, hasMore: page.hasMore };
}
