/**
 * "Have we seen this key in the last N ms?" — used to count one topic view per visitor per
 * window. In-process by default; Redis when REDIS_URL is set, so several processes agree. Both
 * judge the window by the app's clock (tests control it); the stored expiry only reclaims memory.
 * Nothing goes to the database but the counter itself: a view costs no extra row.
 */
import type { Redis } from 'ioredis';
import { BoundedMap, ENTRY_OVERHEAD, stringBytes, type BoundedStats } from './bounded-map';

export interface DedupStore {
  /** True the first time `key` is seen within `windowMs` (and remembers it from `now`). */
  firstSeen(key: string, windowMs: number, now: number): Promise<boolean>;
  /**
   * As `firstSeen`, for a `holder` that may ask again: true when the key is free (then held by
   * `holder` from `now`) or already held by `holder` — a job retried after a failed attempt
   * keeps the window its first attempt took (a reply mail's throttle).
   */
  hold(key: string, holder: string, windowMs: number, now: number): Promise<boolean>;
  /**
   * True when `key` was seen or held within `windowMs` of `now`; takes nothing. A write asks it
   * before it enqueues work that `hold` would refuse anyway (a reply mail inside its window).
   */
  held(key: string, windowMs: number, now: number): Promise<boolean>;
  /** Entries and bytes held in this process (the in-process store only; Redis holds its own). */
  stats?(): BoundedStats;
}

/** One remembered key: when it was seen, and who holds it (a reply mail's job). */
interface Seen {
  at: number;
  holder?: string;
}

/** What one remembered key keeps: its entry, its key, its holder (issue 32: bounded in bytes). */
function seenBytes(key: string, seen: Seen): number {
  return ENTRY_OVERHEAD + stringBytes(key) + (seen.holder === undefined ? 0 : ENTRY_OVERHEAD + stringBytes(seen.holder));
}

/** Room for about 90,000 view keys (`topic:12:u7` to a reader's address and agent hash). */
export const DEDUP_MAX_BYTES = 16 * 1024 * 1024;
/** One key per recipient with a reply mail in its window: room for about 20,000. */
export const REPLY_MAIL_THROTTLE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * In-process: keys in a map bounded in bytes (issue 32), oldest out first when a flood of new
 * readers fills it; a key pushed out early is seen once more (a view counted twice), never lost
 * the other way. Expired keys are swept once a minute.
 */
export class MemoryDedupStore implements DedupStore {
  private readonly seen: BoundedMap<string, Seen>;
  private lastSweep = 0;

  constructor(maxBytes = DEDUP_MAX_BYTES) {
    this.seen = new BoundedMap(maxBytes, seenBytes);
  }

  async firstSeen(key: string, windowMs: number, now: number): Promise<boolean> {
    return this.take(key, windowMs, now, undefined);
  }

  async hold(key: string, holder: string, windowMs: number, now: number): Promise<boolean> {
    const current = this.seen.get(key);
    if (current !== undefined && now - current.at < windowMs) return current.holder === holder;
    return this.take(key, windowMs, now, holder);
  }

  async held(key: string, windowMs: number, now: number): Promise<boolean> {
    const current = this.seen.get(key);
    return current !== undefined && now - current.at < windowMs;
  }

  /** Its entries and bytes, for the memory figures. */
  stats(): BoundedStats {
    return this.seen.stats();
  }

  private take(key: string, windowMs: number, now: number, holder: string | undefined): boolean {
    this.sweep(windowMs, now);
    const current = this.seen.get(key);
    if (current !== undefined && now - current.at < windowMs) return false;
    this.seen.set(key, holder === undefined ? { at: now } : { at: now, holder });
    return true;
  }

  /** Drops expired keys once a minute (the byte bound holds in between). */
  private sweep(windowMs: number, now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    this.seen.deleteWhere((seen) => now - seen.at >= windowMs);
  }
}

// Atomic: answers 1 and stores `now` when the key is absent or older than the window, else 0.
const FIRST_SEEN_SCRIPT = `
local at = redis.call('GET', KEYS[1])
if at and (tonumber(ARGV[1]) - tonumber(at)) < tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

// Atomic: the key holds `now|holder`; answers 1 (and takes it) when absent, older than the
// window, or already held by ARGV[3].
const HOLD_SCRIPT = `
local value = redis.call('GET', KEYS[1])
if value then
  local sep = string.find(value, '|', 1, true)
  local at = tonumber(sep and string.sub(value, 1, sep - 1) or value)
  local holder = sep and string.sub(value, sep + 1) or ''
  if at and (tonumber(ARGV[1]) - at) < tonumber(ARGV[2]) then
    if holder == ARGV[3] then return 1 end
    return 0
  end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[3], 'PX', ARGV[2])
return 1`;

export class RedisDedupStore implements DedupStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'sabai:seen:',
  ) {}

  async firstSeen(key: string, windowMs: number, now: number): Promise<boolean> {
    const result = await this.redis.eval(FIRST_SEEN_SCRIPT, 1, this.prefix + key, String(now), String(windowMs));
    return Number(result) === 1;
  }

  async hold(key: string, holder: string, windowMs: number, now: number): Promise<boolean> {
    const result = await this.redis.eval(HOLD_SCRIPT, 1, this.prefix + key, String(now), String(windowMs), holder);
    return Number(result) === 1;
  }

  async held(key: string, windowMs: number, now: number): Promise<boolean> {
    // Both scripts store `now` or `now|holder`; the key's expiry is only for memory.
    const value = await this.redis.get(this.prefix + key);
    if (value === null) return false;
    const at = Number(value.split('|', 1)[0]);
    return Number.isFinite(at) && now - at < windowMs;
  }
}
