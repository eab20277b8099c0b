/**
 * The blocks feature's public surface (DESIGN convention 13): what other features may use of it.
 *
 * - `isBlockedBetween(db, a, b)`: either member blocked the other (follows, conversations refuse);
 * - `hasBlocked(db, userId, otherId)`: one direction;
 * - `membersWhoBlocked(db, authorId, memberIds)`: of those, who blocked the author (mentions);
 * - `blockedIdsOf(db, userId)`: whom a member blocked (at most `BLOCKS_MAX`).
 */
export { BLOCKS_MAX, blockedIdsOf, hasBlocked, isBlockedBetween, membersWhoBlocked } from './blocks.service';
