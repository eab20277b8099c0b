import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyPackage } from './lazy-package';

// Loaded only when REDIS_URL is set.
const ioredis = lazyPackage<typeof IORedis>('ioredis');

/** One Redis client for the process when REDIS_URL is set (rate limits, caches, pub/sub). */
export function createRedis(url: string): Redis {
  return new (ioredis().Redis)(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
}
export type { Redis };
