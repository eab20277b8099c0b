/**
 * Follows brought in from another forum (the importer, issue 33): one row per pair, at the time
 * it was made there. The members' follow and fan counts are the users feature's recount at the
 * end; nobody is told.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { addFollow } from './follows.repository';

/** Answers false when the pair already exists here (or a member would follow themself). */
export async function importFollow(db: Kysely<DB>, userId: number, otherId: number, createTime: number): Promise<boolean> {
  if (userId === otherId) return false;
  return addFollow(db, userId, otherId, createTime);
}
