/**
 * Where topics meet the features of issue 6: hidden content opens to commenters (likes and
 * favorites come through publishing.read.ts; the followed members' feed is the follows feature's).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hasCommented } from '../comments/comments.api';

/** Whether `userId` has a published comment (or reply) on the topic (hidden content opens to commenters). */
export async function hasUserCommented(db: Kysely<DB>, topicId: number, userId: number): Promise<boolean> {
  return hasCommented(db, { type: 'topic', id: topicId }, userId);
}
