/**
 * A member's push subscriptions: subscribing this browser (insert if the endpoint is new, else
 * its row takes the new keys, language and member — a browser another member signed in on moves
 * to them), keeping at most `NOTIFICATION_LIMITS.pushPerUser` per member (the least recently
 * subscribed goes), unsubscribing, and the device list.
 */
import { createHash, createPublicKey } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NOTIFICATION_LIMITS } from '../../../common/constants';
import type { PushSubscribeInput } from '../../../common/validation/push';
import type { PushDeviceView } from '../../../common/views/push';
import type { AppConfig } from '../../config';
import type { DB, PushSubscriptionRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import { deviceName } from './push.device';
import { endpointProblem } from './push.endpoint';
import {
  deleteSubscriptionByHash,
  deleteSubscriptionsOf,
  findSubscription,
  findSubscriptionByHash,
  hasSubscription,
  insertSubscriptionIfAbsent,
  subscribedAmong,
  subscriptionsOf,
  updateSubscription,
  type SubscriptionValues,
} from './push.repository';

/** The endpoint's key: SHA-256 hex (an endpoint is too long for a unique index on MySQL). */
export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

/** Whether the browser's key is a point on P-256 (web-push could not encrypt for anything else). */
function isP256Point(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) return false;
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** The checks the shared schema cannot make: where the server may send, and a real key. 400 naming the field. */
export function checkSubscription(input: PushSubscribeInput, config: Pick<AppConfig, 'env'>): void {
  const problem = endpointProblem(input.endpoint, config);
  if (problem) throw errors.validation({ endpoint: problem });
  if (!isP256Point(input.keys.p256dh)) throw errors.validation({ 'keys.p256dh': 'push.validation.p256dh' });
}

export function presentDevice(row: PushSubscriptionRow): PushDeviceView {
  return { id: row.id, device: deviceName(row.user_agent), createTime: row.create_time, lastSuccessTime: row.last_success_time };
}

export interface Subscriber {
  userId: number;
  locale: string;
  userAgent: string;
}

/** Stores the subscription for the member (or moves the endpoint's row to them); drops their oldest beyond the cap. */
export async function subscribe(db: Kysely<DB>, subscriber: Subscriber, input: PushSubscribeInput, now: number): Promise<PushSubscriptionRow> {
  const values: SubscriptionValues = {
    user_id: subscriber.userId,
    endpoint: input.endpoint,
    endpoint_hash: endpointHash(input.endpoint),
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    locale: subscriber.locale,
    user_agent: subscriber.userAgent.slice(0, 255),
  };
  // Insert-if-absent then update: two tabs subscribing at once both end on the one row.
  if (!(await insertSubscriptionIfAbsent(db, values, now))) await updateSubscription(db, values, now);
  const rows = await subscriptionsOf(db, subscriber.userId);
  const beyond = rows.filter((row) => row.endpoint_hash !== values.endpoint_hash).slice(NOTIFICATION_LIMITS.pushPerUser - 1);
  await deleteSubscriptionsOf(db, subscriber.userId, beyond.map((row) => row.id));
  const row = await findSubscriptionByHash(db, values.endpoint_hash);
  if (!row) throw new Error('push: the subscription vanished while it was stored');
  return row;
}

/** Forgets the member's subscription of this endpoint (another member's is left alone). */
export function unsubscribe(db: Kysely<DB>, userId: number, endpoint: string): Promise<boolean> {
  return deleteSubscriptionByHash(db, userId, endpointHash(endpoint));
}

export async function devicesOf(db: Kysely<DB>, userId: number): Promise<PushDeviceView[]> {
  return (await subscriptionsOf(db, userId)).map(presentDevice);
}

/** Removes one of the member's devices; another member's id, or none, is 404. */
export async function removeDevice(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  const row = await findSubscription(db, id);
  if (!row || row.user_id !== userId) throw errors.notFound('push.errors.deviceNotFound');
  await deleteSubscriptionsOf(db, userId, [id]);
}

/** Whether the member has a device to push to (the listener enqueues nothing otherwise). */
export function hasDevices(db: Kysely<DB>, userId: number): Promise<boolean> {
  return hasSubscription(db, userId);
}

/** Which of these members have a device to push to, in one read (the listener's batch). */
export function withDevices(db: Kysely<DB>, userIds: readonly number[]): Promise<Set<number>> {
  return subscribedAmong(db, userIds);
}
