/**
 * Looking members up, for the other features (users.api.ts): services over this feature's
 * queries, so another feature never runs the users table's SQL itself and the repository stays
 * free to change. Each answers rows whatever their status unless it says otherwise.
 */
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import * as repository from './users.repository';

export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return repository.findUserById(db, id);
}

/** Each id once, in no order: a page's people in one query. */
export function findUsersByIds(db: Kysely<DB>, ids: readonly number[]): Promise<UserRow[]> {
  return repository.findUsersByIds(db, ids);
}

/** By e-mail, whatever its case. */
export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return repository.findUserByEmail(db, email);
}

/** By username, whatever its case. */
export function findUserByUsername(db: Kysely<DB>, username: string): Promise<UserRow | undefined> {
  return repository.findUserByUsername(db, username);
}

/** Active members whose nickname or username contains `needle`, newest first, keyset by id (member search). */
export function findUsersByName(db: Kysely<DB>, needle: string, beforeId: number | null, limit: number): Promise<UserRow[]> {
  return repository.findUsersByName(db, needle, beforeId, limit);
}

/** How many active members `findUsersByName` finds in all. */
export function countUsersByName(db: Kysely<DB>, needle: string): Promise<number> {
  return repository.countUsersByName(db, needle);
}

/** Active members whose username or nickname starts with `prefix`: exact names first, then by id (mention suggestions). */
export function findUsersByNamePrefix(db: Kysely<DB>, prefix: string, limit: number): Promise<UserRow[]> {
  return repository.findUsersByNamePrefix(db, prefix, limit);
}

/** Active members among these usernames, whatever their case. */
export function findActiveUsersByUsernames(db: Kysely<DB>, usernames: readonly string[]): Promise<UserRow[]> {
  return repository.findActiveUsersByUsernames(db, usernames);
}

/** How many admins the site has (the installer: a database that has one is taken). */
export function countAdmins(db: Kysely<DB>): Promise<number> {
  return repository.countAdmins(db);
}
