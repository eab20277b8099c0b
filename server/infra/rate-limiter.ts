/**
 * Fixed-window rate limiting with a pluggable store: in-process by default, Redis when
 * REDIS_URL is set so several processes share one count. Routes call `limiter.consume(rule, key)`
 * as the first step of their pipeline; over the limit it throws 429 with Retry-After.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { BoundedMap, ENTRY_OVERHEAD, stringBytes, type BoundedStats } from './bounded-map';
import { errors } from './errors';
import type { Clock } from './clock';

export interface RateRule {
  /** Names the counter, e.g. `signin:ip`. */
  name: string;
  max: number;
  windowMs: number;
}

/** Expands an IPv6 address (no zone) to its eight 16-bit groups; an embedded IPv4 tail becomes two. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key per-IP rate rules count by. One client holds a whole IPv6 /64 (2^64 addresses), so
 * IPv6 addresses count by their /64 prefix; IPv4-mapped IPv6 addresses count as the IPv4 they
 * carry. Every per-IP rule goes through this, so no rule can be dodged by rotating addresses.
 */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address.toLowerCase());
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

export interface HitResult {
  count: number;
  resetAt: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<HitResult>;
  reset(key: string): Promise<void>;
  /** Takes one hit back (never below zero, window unchanged). */
  release(key: string): Promise<void>;
  /** Entries and bytes held in this process (the in-process store only; Redis holds its own). */
  stats?(): BoundedStats;
}

/** What one counted window keeps: its entry, its key (`rule:address`) and its two numbers. */
function windowBytes(key: string): number {
  return ENTRY_OVERHEAD + stringBytes(key) + 32;
}

/** Room for about 90,000 counted windows (rule × address) at once. */
export const RATE_LIMIT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * In-process windows in a map bounded in bytes (issue 32): a flood of new addresses within one
 * minute (before the sweep) could grow it without bound. Over the budget the oldest windows go
 * first, which forgives their counts early: one address's count is only lost after some 90,000
 * newer windows, and a flood that large is the balancer's to stop, not this map's.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows: BoundedMap<string, HitResult>;
  private lastSweep = 0;

  constructor(maxBytes = RATE_LIMIT_MAX_BYTES) {
    this.windows = new BoundedMap(maxBytes, windowBytes);
  }

  async hit(key: string, windowMs: number, now: number): Promise<HitResult> {
    this.sweep(now);
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      const fresh = { count: 1, resetAt: now + windowMs };
      this.windows.set(key, fresh);
      return { ...fresh };
    }
    current.count += 1;
    return { ...current };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async release(key: string): Promise<void> {
    const current = this.windows.get(key);
    if (current && current.count > 0) current.count -= 1;
  }

  /** Its entries and bytes, for the memory figures. */
  stats(): BoundedStats {
    return this.windows.stats();
  }

  /** Drops expired windows at most once a minute (the byte bound holds in between). */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    this.windows.deleteWhere((value) => value.resetAt <= now);
  }
}

// INCR and set the expiry on the first hit, atomically, answering the count and the ms left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// DECR only an existing, positive counter: the window (TTL) is kept.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    /** A function when the prefix follows state that changes (the forum's database, set at install). */
    private readonly keyPrefix: string | (() => string) = 'sabai:rl:',
  ) {}

  private get prefix(): string {
    return typeof this.keyPrefix === 'function' ? this.keyPrefix() : this.keyPrefix;
  }

  async hit(key: string, windowMs: number, now: number): Promise<HitResult> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
    return { count, resetAt: now + ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
  }
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
    /** False when RATE_LIMITS=off (load tests and benchmarks only). */
    readonly enabled: boolean,
  ) {}

  /** Counts one hit; throws 429 (errorCode 7, Retry-After) once `rule.max` is passed. */
  async consume(rule: RateRule, key: string): Promise<void> {
    const hit = await this.hit(rule, key);
    if (hit && hit.count > rule.max) throw errors.rateLimited(hit.retryAfterSeconds);
  }

  /**
   * Counts one hit and answers where the window stands, refusing nothing: for rules that act on
   * the count itself (slow down before refusing, alert once at a threshold). Null when the rule
   * is off (RATE_LIMITS=off, or max 0).
   */
  async hit(rule: RateRule, key: string): Promise<{ count: number; retryAfterSeconds: number } | null> {
    if (!this.enabled || rule.max <= 0) return null;
    const now = this.clock.now();
    const { count, resetAt } = await this.store.hit(`${rule.name}:${key}`, rule.windowMs, now);
    return { count, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  /** What the in-process store holds (null on Redis), for the memory figures. */
  stats(): BoundedStats | null {
    return this.store.stats?.() ?? null;
  }

  async reset(rule: RateRule, key: string): Promise<void> {
    await this.store.reset(`${rule.name}:${key}`);
  }

  /**
   * Takes back one hit counted by `consume`: a rule that should count only failures (sign-in
   * per IP) consumes before the attempt, so parallel attempts are counted, and releases on success.
   */
  async release(rule: RateRule, key: string): Promise<void> {
    if (!this.enabled || rule.max <= 0) return;
    await this.store.release(`${rule.name}:${key}`);
  }
}
