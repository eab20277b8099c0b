/**
 * The live IP and network bans of one process (`ctx.ipBans`), checked on every write: kept in
 * memory as a sorted range list (ip-ranges.ts: one binary search per check), read from the
 * database once and again only when a ban changes — dropped after the commit in the process that
 * changed it, and in every other process by a message on the event bus (as the settings cache).
 * A ban's end is checked at lookup time, so an expiry needs no reload; a long safety interval
 * re-reads the list in case a bus message was lost.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventBus } from '../../infra/events';
import { addressToBig, parseCidr, RangeSet } from './ip-ranges';
import { findLiveBans } from './ipbans.repository';

export const IP_BANS_CHANGED_TOPIC = 'ipbans:changed';
/** In case a bus message was lost (Redis restarted): the list is read again this often. */
const RELOAD_MS = 5 * 60_000;

interface LiveBan {
  id: number;
  expireTime: number;
}

export class IpBanList {
  private list: { at: number; set: RangeSet<LiveBan> } | null = null;
  private loading: Promise<RangeSet<LiveBan>> | null = null;
  /** Bumped by every invalidation: a read that began before one is not kept. */
  private generation = 0;
  private share: (() => void) | null = null;

  /** Drops the list (this process changed it, or another said so); the next check reads it again. */
  invalidate(): void {
    this.generation++;
    this.list = null;
  }

  /** Tells the other processes (after this one's commit). */
  announce(): void {
    this.share?.();
  }

  /** Hears the other processes' changes on the bus; answers the unsubscribe function. */
  connect(bus: EventBus, onError: (error: unknown) => void): () => void {
    const origin = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    this.share = () => void bus.publish(IP_BANS_CHANGED_TOPIC, { origin }).catch(onError);
    const unsubscribe = bus.subscribe(IP_BANS_CHANGED_TOPIC, (payload) => {
      if ((payload as { origin?: unknown }).origin !== origin) this.invalidate();
    });
    return () => {
      this.share = null;
      unsubscribe();
    };
  }

  get connected(): boolean {
    return this.share !== null;
  }

  private load(db: Kysely<DB>, now: number): Promise<RangeSet<LiveBan>> {
    if (this.list && now - this.list.at < RELOAD_MS) return Promise.resolve(this.list.set);
    const generation = this.generation;
    this.loading ??= findLiveBans(db, now)
      .then((rows) => {
        const entries = rows.flatMap((row) => {
          const parsed = parseCidr(row.cidr);
          return parsed ? [{ ...parsed.range, value: { id: row.id, expireTime: row.expire_time } }] : [];
        });
        const set = new RangeSet(entries);
        if (generation === this.generation) this.list = { at: now, set };
        return set;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** The id of a live ban on `ip` at `now`, or null. A check on a warm list is one binary search and no query. */
  async banOf(db: Kysely<DB>, ip: string, now: number): Promise<number | null> {
    const address = addressToBig(ip);
    if (address === null) return null;
    const set = await this.load(db, now);
    if (set.size === 0) return null;
    return set.find(address, (ban) => ban.expireTime === 0 || ban.expireTime > now)?.id ?? null;
  }
}
