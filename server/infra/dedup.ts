/**
 * "Have we seen this key in the last N ms?" — used to count one topic view per visitor per
 * window. In-process by default; Redis when REDIS_URL is set, so several processes agree. Both
 * judge the window by the app's clock (tests control it); the stored expiry only reclaims memory.
 * Nothing goes to the database but the counter itself: a view costs no extra row.
 */
import type { Redis } from 'ioredis';
import { ByteLru, stringBytes, type CacheFigures, type MeasuredCache } from './byte-lru';

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
}

/** A view key (`topic:123|203.0.113.9|…`) is short; 16 MiB holds about 100,000 visitors' views. */
export const DEDUP_MAX_BYTES = 16 * 1024 * 1024;
/** The `{ at }` record beside the key. */
const SEEN_BYTES = 32;

export class MemoryDedupStore implements DedupStore, MeasuredCache {
  /** When each key was seen (and by whom, for `hold`), least recently first: the budget drops the oldest. */
  private readonly seen: ByteLru<{ at: number; holder?: string }>;
  private lastSweep = 0;

  constructor(name = 'dedup', maxBytes = DEDUP_MAX_BYTES) {
    this.seen = new ByteLru(name, maxBytes, (entry) => SEEN_BYTES + (entry.holder === undefined ? 0 : stringBytes(entry.holder)));
  }

  async firstSeen(key: string, windowMs: number, now: number): Promise<boolean> {
    return this.take(key, undefined, windowMs, now);
  }

  async hold(key: string, holder: string, windowMs: number, now: number): Promise<boolean> {
    const seen = this.seen.peek(key);
    if (seen !== undefined && now - seen.at < windowMs) return seen.holder === holder;
    return this.take(key, holder, windowMs, now);
  }

  async held(key: string, windowMs: number, now: number): Promise<boolean> {
    const seen = this.seen.peek(key);
    return seen !== undefined && now - seen.at < windowMs;
  }

  figures(): CacheFigures {
    return this.seen.figures();
  }

  private take(key: string, holder: string | undefined, windowMs: number, now: number): boolean {
    this.sweep(windowMs, now);
    const seen = this.seen.peek(key);
    if (seen !== undefined && now - seen.at < windowMs) return false;
    this.seen.set(key, holder === undefined ? { at: now } : { at: now, holder });
    return true;
  }

  /** Drops expired entries once a minute (the budget drops the oldest when it is full). */
  private sweep(windowMs: number, now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, seen] of [...this.seen.entries()]) if (now - seen.at >= windowMs) this.seen.delete(key);
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
