import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { clientKey, MemoryRateLimitStore, RateLimiter, RedisRateLimitStore, type RateLimitStore } from './rate-limiter';

function manualClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisAvailable = await redis.connect().then(
  () => true,
  (error: Error) => {
    if (process.env.CI) throw error;
    console.warn(`[tests] skipping Redis rate-limit store: ${error.message}`);
    return false;
  },
);
afterAll(async () => {
  if (redisAvailable) await redis.quit();
});

const stores: Array<[string, () => RateLimitStore]> = [['memory', () => new MemoryRateLimitStore()]];
if (redisAvailable) stores.push(['redis', () => new RedisRateLimitStore(redis, `sabai:test:${randomBytes(4).toString('hex')}:`)]);

for (const [name, makeStore] of stores) {
  describe(`rate limiter [${name}]`, () => {
    const rule = { name: 'signin:ip', max: 3, windowMs: 60_000 };

    it('allows max hits per window, then 429 with Retry-After and errorCode 7', async () => {
      const clock = manualClock();
      const limiter = new RateLimiter(makeStore(), clock, true);
      for (let i = 0; i < 3; i++) await limiter.consume(rule, '10.0.0.1');
      const error = await rejection(limiter.consume(rule, '10.0.0.1'));
      expect(error.status).toBe(429);
      expect(error.errorCode).toBe(7);
      const retryAfter = Number(error.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    it('counts keys separately and resets on demand', async () => {
      const limiter = new RateLimiter(makeStore(), manualClock(), true);
      for (let i = 0; i < 3; i++) await limiter.consume(rule, 'a');
      await limiter.consume(rule, 'b');
      await limiter.reset(rule, 'a');
      await limiter.consume(rule, 'a');
    });

    it('does nothing when disabled', async () => {
      const limiter = new RateLimiter(makeStore(), manualClock(), false);
      for (let i = 0; i < 10; i++) await limiter.consume(rule, 'a');
    });
  });
}

describe('rate limiter [memory] windows', () => {
  it('opens a new window once the old one has passed', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(), clock, true);
    const rule = { name: 'w', max: 1, windowMs: 1000 };
    await limiter.consume(rule, 'k');
    await expect(limiter.consume(rule, 'k')).rejects.toBeInstanceOf(AppError);
    clock.advance(1001);
    await limiter.consume(rule, 'k');
  });
});

describe('clientKey (per-IP rules)', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = clientKey('2001:db8:aa:bb::1');
    expect(key).toBe('2001:db8:aa:bb::/64');
    for (const same of ['2001:db8:aa:bb:ffff:ffff:ffff:ffff', '2001:0DB8:00AA:00bb:1:2:3:4', '2001:db8:aa:bb::', '2001:db8:aa:bb::1%eth0', '2001:db8:aa:bb:0:0:1.2.3.4']) {
      expect(clientKey(same), same).toBe(key);
    }
    expect(clientKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('keeps IPv4 as it is, and IPv4-mapped IPv6 as the IPv4 it carries', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('not an ip')).toBe('not an ip');
  });
});
