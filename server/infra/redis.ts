import { Redis } from 'ioredis';

/** One Redis client for the process when REDIS_URL is set (rate limits, caches, pub/sub). */
export function createRedis(url: string): Redis {
  return new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
}
export type { Redis };
