/** What the scores feature gives a member's archive (issue 29): their score log. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { findScoreLogOf } from './scores.repository';

/** A member's score log, oldest first: what moved their score, by how much, when. */
export async function scoreLogOfMember(db: Kysely<DB>, userId: number): Promise<Array<{ type: string; amount: number; source: string; time: number }>> {
  return (await findScoreLogOf(db, userId)).map((row) => ({ type: row.type, amount: row.amount, source: row.source_type ? `${row.source_type}:${row.source_id}` : '', time: row.create_time }));
}
