/** The push feature's SQL: the members' subscriptions and the site's VAPID secret. */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import { prepared, type Prepared } from '../../db/prepared';
import type { DB, PushSubscriptionRow } from '../../db/schema';

// ---------------------------------------------------------------------------------------------
// site_secrets

export async function findSecret(db: Kysely<DB>, name: string): Promise<string | null> {
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Inserts the secret unless one of that name exists (the unique name decides between racing processes). */
export async function insertSecretIfAbsent(db: Kysely<DB>, name: string, value: string, now: number): Promise<void> {
  const insert = db.insertInto('site_secrets').values({ name, value, create_time: now, update_time: now });
  await (dialectOf(db) === 'postgres' ? insert.onConflict((oc) => oc.column('name').doNothing()) : insert.ignore()).execute();
}

// ---------------------------------------------------------------------------------------------
// push_subscriptions

export interface SubscriptionValues {
  user_id: number;
  endpoint: string;
  endpoint_hash: string;
  p256dh: string;
  auth: string;
  locale: string;
  user_agent: string;
}

/** Inserts the subscription unless its endpoint is known; answers whether it inserted. */
export async function insertSubscriptionIfAbsent(db: Kysely<DB>, values: SubscriptionValues, now: number): Promise<boolean> {
  const insert = db.insertInto('push_subscriptions').values({ ...values, last_success_time: 0, create_time: now, update_time: now });
  const result = await (dialectOf(db) === 'postgres' ? insert.onConflict((oc) => oc.column('endpoint_hash').doNothing()) : insert.ignore()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The known endpoint's row takes the new keys, language and member (a browser subscribing again). */
export async function updateSubscription(db: Kysely<DB>, values: SubscriptionValues, now: number): Promise<void> {
  const { endpoint_hash: hash, ...rest } = values;
  await db.updateTable('push_subscriptions').set({ ...rest, update_time: now }).where('endpoint_hash', '=', hash).execute();
}

export async function findSubscriptionByHash(db: Kysely<DB>, hash: string): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint_hash', '=', hash).executeTakeFirst();
}

/** A member's subscriptions, the most recently (re)subscribed first. */
export async function subscriptionsOf(db: Kysely<DB>, userId: number): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('update_time', 'desc').orderBy('id', 'desc').execute();
}

/** Which of these members have at least one subscription, in one query. */
export async function subscribedAmong(db: Kysely<DB>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const members = [...new Set(userIds)];
  const rows =
    members.length <= FEW
      ? await subscribedAmongFew(members.length).rows(db, Object.fromEntries(members.map((id, i) => [`u${i}`, id])))
      : await db.selectFrom('push_subscriptions').select('user_id').distinct().where('user_id', 'in', members).execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * Every write that sends messages asks it once (a reply: for two members): for up to FEW members
 * the query is built once per count (db/prepared.ts), its slots named `u0…`.
 */
const FEW = 4;
const subscribedByCount = new Map<number, Prepared<Record<string, number>, { user_id: number }>>();

function subscribedAmongFew(count: number): Prepared<Record<string, number>, { user_id: number }> {
  let query = subscribedByCount.get(count);
  if (!query) {
    query = prepared((db, p: Record<string, number>) =>
      db
        .selectFrom('push_subscriptions')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', Array.from({ length: count }, (_, i) => p[`u${i}`]!)),
    );
    subscribedByCount.set(count, query);
  }
  return query;
}

export async function hasSubscription(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function findSubscription(db: Kysely<DB>, id: number): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes rows by id, only of this member; answers how many went. */
export async function deleteSubscriptionsOf(db: Kysely<DB>, userId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the member's row of this endpoint; answers whether there was one. */
export async function deleteSubscriptionByHash(db: Kysely<DB>, userId: number, hash: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint_hash', '=', hash).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A subscription the push service says is gone (404/410). Keyed by id and endpoint, so a row re-made meanwhile stays. */
export async function deleteGoneSubscription(db: Kysely<DB>, id: number, hash: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).where('endpoint_hash', '=', hash).execute();
}

export async function markDelivered(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_success_time: now }).where('id', '=', id).execute();
}

/** Every device of a member (their account erased, issue 29). */
export async function deleteDevicesOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}
