/**
 * Secrets the site makes for itself and keeps (the mail links' signing key): generated on first
 * use, stored once. Concurrency-safe without a lock: every process that finds none inserts its
 * own candidate with "insert unless present", then reads back what is stored, so two processes
 * racing at the first mail end up with the same, first-written value.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteSecret, findSecret, insertSecretIfAbsent, upsertSecret } from './site-secrets.repository';

/** The secret named `name`, made (32 random bytes, base64url) and stored when there is none yet. */
export async function siteSecret(db: Kysely<DB>, name: string, now: number): Promise<string> {
  const stored = await findSecret(db, name);
  if (stored) return stored;
  await insertSecretIfAbsent(db, name, randomBytes(32).toString('base64url'), now);
  const written = await findSecret(db, name);
  if (!written) throw new Error(`site secret ${name} could not be stored`);
  return written;
}

/** The secret named `name` when one is stored (a read that must not make one). */
export function existingSiteSecret(db: Kysely<DB>, name: string): Promise<string | null> {
  return findSecret(db, name);
}

/** The SMS provider's API key (issue 29), set by an admin in the back office. */
export const SMS_API_KEY_SECRET = 'sms.apiKey';

/** Stores a secret an admin gives (not one the site makes), replacing any stored one. */
export function storeSiteSecret(db: Kysely<DB>, name: string, value: string, now: number): Promise<void> {
  return upsertSecret(db, name, value, now);
}

export function removeSiteSecret(db: Kysely<DB>, name: string): Promise<void> {
  return deleteSecret(db, name);
}
