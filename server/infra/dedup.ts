/**
 * "Have we seen this key in the last N ms?" — used to count one topic view per visitor per
 * window. In-process by default; Redis when REDIS_URL is set, so several processes agree. Both
 * judge the window by the app's clock (tests control it); the stored expiry only reclaims memory.
 * Nothing goes to the database but the counter itself: a view costs no extra row.
 */
import type { Redis } from 'ioredis';

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

export class MemoryDedupStore implements DedupStore {
  private readonly seen = new Map<string, number>();
  private readonly holders = new Map<string, string>();
  private lastSweep = 0;

  constructor(private readonly maxEntries = 200_000) {}

  async firstSeen(key: string, windowMs: number, now: number): Promise<boolean> {
    this.sweep(windowMs, now);
    const at = this.seen.get(key);
    if (at !== undefined && now - at < windowMs) return false;
    this.seen.delete(key);
    this.seen.set(key, now);
    return true;
  }

  async hold(key: string, holder: string, windowMs: number, now: number): Promise<boolean> {
    const at = this.seen.get(key);
    if (at !== undefined && now - at < windowMs) return this.holders.get(key) === holder;
    if (!(await this.firstSeen(key, windowMs, now))) return false;
    this.holders.set(key, holder);
    return true;
  }

  async held(key: string, windowMs: number, now: number): Promise<boolean> {
    const at = this.seen.get(key);
    return at !== undefined && now - at < windowMs;
  }

  /** Drops expired entries once a minute, and the oldest ones when over the cap. */
  private sweep(windowMs: number, now: number): void {
    if (now - this.lastSweep >= 60_000) {
      this.lastSweep = now;
      for (const [key, at] of this.seen) if (now - at >= windowMs) this.forget(key);
    }
    while (this.seen.size >= this.maxEntries) {
      const oldest = this.seen.keys().next();
      if (oldest.done) break;
      this.forget(oldest.value);
    }
  }

  private forget(key: string): void {
    this.seen.delete(key);
    this.holders.delete(key);
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
