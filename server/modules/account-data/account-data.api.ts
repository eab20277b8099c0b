/**
 * The account-data feature's public surface: what sign-in calls (issue 29). Anything not exported
 * here is the feature's own.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { cancelDeletion } from './account-data.service';

/** A member signed in: a scheduled erasure of their account is cancelled (auth's `finishSignIn`). */
export async function cancelDeletionOnSignIn(db: Kysely<DB>, userId: number): Promise<void> {
  await cancelDeletion(db, userId);
}
