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
}

export class MemoryDedupStore implements DedupStore {
  private readonly seen = new Map<string, number>();
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

  /** Drops expired entries once a minute, and the oldest ones when over the cap. */
  private sweep(windowMs: number, now: number): void {
    if (now - this.lastSweep >= 60_000) {
      this.lastSweep = now;
      for (const [key, at] of this.seen) if (now - at >= windowMs) this.seen.delete(key);
    }
    while (this.seen.size >= this.maxEntries) {
      const oldest = this.seen.keys().next();
      if (oldest.done) break;
      this.seen.delete(oldest.value);
    }
  }
}

// Atomic: answers 1 and stores `now` when the key is absent or older than the window, else 0.
const FIRST_SEEN_SCRIPT = `
local at = redis.call('GET', KEYS[1])
if at and (tonumber(ARGV[1]) - tonumber(at)) < tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
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
}
