/**
 * Trust levels of members brought in from another forum (the importer, issue 33): a member
 * arrives with years of posts, likes and score, so their level is computed from those once
 * their rows are in (no row would leave them at level 1 for good: the hourly raise only moves
 * members who have one). A member who already has a row here keeps it.
 */
import type { Kysely } from 'kysely';
import type { TrustSettings } from '../../../common/validation/defences';
import type { DB } from '../../db/schema';
import { countLikesReceived, findTrustFacts, insertTrustWithLikes } from './trust.repository';
import { computeLevel } from './trust.service';

/** Answers the level given, or null when the member already had a row (or does not exist). */
export async function settleImportedTrust(db: Kysely<DB>, userId: number, settings: TrustSettings, now: number): Promise<number | null> {
  const facts = await findTrustFacts(db, userId);
  if (!facts || facts.level !== null) return null;
  const likesReceived = await countLikesReceived(db, userId);
  const level = computeLevel({ ...facts, likes_received: likesReceived }, settings, now);
  await insertTrustWithLikes(db, { userId, level, likesReceived, now });
  return level;
}
