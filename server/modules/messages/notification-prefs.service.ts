/**
 * A member's notification preferences (issue 27): per kind × channel (on the site, e-mail, push)
 * over the defaults of common/constants.ts, and the e-mail digest's period. Only choices are
 * stored; a locked channel (system and VIP notices on the site) is always on.
 */
import type { Kysely } from 'kysely';
import {
  DIGEST_PERIODS,
  LOCKED_CHANNELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  type DigestPeriod,
  type NotificationChannel,
  type NotificationKind,
} from '../../../common/constants';
import type { DB } from '../../db/schema';
import { findPrefs, upsertPref, type PrefRow } from './notification-prefs.repository';

export type ChannelSwitches = Record<NotificationChannel, boolean>;
export type PreferenceMatrix = Record<NotificationKind, ChannelSwitches>;

/** The digest row: kind `digest`, channel `email`, `enabled` the period in days. */
export const DIGEST_KIND = 'digest';

/**
 * A member's digest choice: a period in days, or `auto` (never chosen: weekly while they stay
 * away a week or more, else none).
 */
export type DigestChoice = DigestPeriod | 'auto';

export interface Preferences {
  kinds: PreferenceMatrix;
  digest: DigestChoice;
}

export function isLocked(kind: NotificationKind, channel: NotificationChannel): boolean {
  return LOCKED_CHANNELS[kind]?.includes(channel) ?? false;
}

function isKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

function isChannel(value: string): value is NotificationChannel {
  return (NOTIFICATION_CHANNELS as readonly string[]).includes(value);
}

function isDigestPeriod(value: number): value is DigestPeriod {
  return (DIGEST_PERIODS as readonly number[]).includes(value);
}

function defaultMatrix(): PreferenceMatrix {
  const matrix = {} as PreferenceMatrix;
  for (const kind of NOTIFICATION_KINDS) matrix[kind] = { ...NOTIFICATION_DEFAULTS[kind] };
  return matrix;
}

/** The defaults with the member's choices laid over them. */
function merge(rows: readonly PrefRow[]): Preferences {
  const prefs: Preferences = { kinds: defaultMatrix(), digest: 'auto' };
  for (const row of rows) {
    if (row.kind === DIGEST_KIND) {
      if (isDigestPeriod(row.enabled)) prefs.digest = row.enabled;
    } else if (isKind(row.kind) && isChannel(row.channel) && !isLocked(row.kind, row.channel)) {
      prefs.kinds[row.kind][row.channel] = row.enabled === 1;
    }
  }
  return prefs;
}

export async function preferencesOf(db: Kysely<DB>, userId: number): Promise<Preferences> {
  return merge(await findPrefs(db, [userId]));
}

/** Which channels one kind reaches one member on. */
export async function channelsFor(db: Kysely<DB>, userId: number, kind: NotificationKind): Promise<ChannelSwitches> {
  return merge(await findPrefs(db, [userId], [kind])).kinds[kind];
}

/** Which channels each kind reaches each member on, in one read (asked by `notify` in the write, for every message of the fact). */
export async function channelsForEach(db: Kysely<DB>, asks: ReadonlyArray<{ userId: number; kind: NotificationKind }>): Promise<ChannelSwitches[]> {
  if (asks.length === 0) return [];
  const rows = await findPrefs(
    db,
    asks.map((ask) => ask.userId),
    [...new Set(asks.map((ask) => ask.kind))],
  );
  return asks.map(({ userId, kind }) => merge(rows.filter((row) => row.user_id === userId)).kinds[kind]);
}

/** Many members' digest choices at once (the digest run's batch); absent ids are `auto`. */
export async function digestChoices(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, DigestChoice>> {
  const rows = await findPrefs(db, userIds, [DIGEST_KIND]);
  const out = new Map<number, DigestChoice>();
  for (const row of rows) if (isDigestPeriod(row.enabled)) out.set(row.user_id, row.enabled);
  return out;
}

export interface PreferenceChange {
  kinds?: Partial<Record<NotificationKind, Partial<ChannelSwitches>>>;
  digest?: DigestPeriod;
}

/** Writes the choices sent (a locked channel is left as it is) and answers the whole result. */
export async function changePreferences(db: Kysely<DB>, userId: number, change: PreferenceChange, now: number): Promise<Preferences> {
  for (const kind of NOTIFICATION_KINDS) {
    const switches = change.kinds?.[kind];
    if (!switches) continue;
    for (const channel of NOTIFICATION_CHANNELS) {
      const on = switches[channel];
      if (on === undefined || isLocked(kind, channel)) continue;
      await upsertPref(db, { user_id: userId, kind, channel, enabled: on ? 1 : 0 }, now);
    }
  }
  if (change.digest !== undefined) await upsertPref(db, { user_id: userId, kind: DIGEST_KIND, channel: 'email', enabled: change.digest }, now);
  return preferencesOf(db, userId);
}

/** Turns one kind's channel on or off (the one-click unsubscribe: a kind's e-mails off). */
export async function setChannel(db: Kysely<DB>, userId: number, kind: NotificationKind, channel: NotificationChannel, on: boolean, now: number): Promise<Preferences> {
  return changePreferences(db, userId, { kinds: { [kind]: { [channel]: on } } }, now);
}

/** Sets the digest's period (the one-click unsubscribe: 0, off). */
export async function setDigest(db: Kysely<DB>, userId: number, period: DigestPeriod, now: number): Promise<Preferences> {
  return changePreferences(db, userId, { digest: period }, now);
}
