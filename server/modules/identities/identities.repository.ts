/** All SQL touching `user_identities`: a member's accounts at sign-in providers (ADR 0035). */
import type { Kysely } from 'kysely';
import type { DB, UserIdentityRow } from '../../db/schema';

export function findIdentity(db: Kysely<DB>, provider: string, subject: string): Promise<UserIdentityRow | undefined> {
  return db.selectFrom('user_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

export function identitiesOfUser(db: Kysely<DB>, userId: number): Promise<UserIdentityRow[]> {
  return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('create_time', 'asc').orderBy('id', 'asc').execute();
}

export async function countIdentitiesOfUser(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('user_identities').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertIdentity(
  db: Kysely<DB>,
  values: { userId: number; provider: string; subject: string; email: string; emailVerified: boolean; displayName: string; avatar: string; now: number },
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      user_id: values.userId,
      provider: values.provider,
      subject: values.subject,
      email: values.email,
      email_verified: values.emailVerified ? 1 : 0,
      display_name: values.displayName,
      avatar: values.avatar,
      create_time: values.now,
      update_time: values.now,
    })
    .execute();
}

/** What the provider said at this sign-in (its e-mail, name and picture may have changed). */
export async function refreshIdentity(db: Kysely<DB>, id: number, values: { email: string; emailVerified: boolean; displayName: string; avatar: string; now: number }): Promise<void> {
  await db
    .updateTable('user_identities')
    .set({ email: values.email, email_verified: values.emailVerified ? 1 : 0, display_name: values.displayName, avatar: values.avatar, update_time: values.now })
    .where('id', '=', id)
    .execute();
}

export async function deleteIdentity(db: Kysely<DB>, userId: number, provider: string): Promise<number> {
  const result = await db.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every provider linked to a member (their erasure, issue 29). */
export async function deleteIdentitiesOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_identities').where('user_id', '=', userId).execute();
}
