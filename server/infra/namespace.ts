/**
 * The forum's identity on a shared Redis: a short hash of its database (or, before install, of
 * its DATA_DIR). Every Redis key and channel of the forum carries it, so all processes of one
 * forum share rate limits, de-dup marks and events, while two forums (or two test databases) on
 * one Redis never see each other's.
 */
import { createHash } from 'node:crypto';
import type { AppConfig } from '../config';

export function forumNamespace(config: Pick<AppConfig, 'database' | 'dataDir'>): string {
  const db = config.database;
  const identity = !db ? `data:${config.dataDir}` : db.type === 'sqlite' ? `sqlite:${db.file}` : `${db.type}:${db.host}:${db.port}/${db.database}`;
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/** The Redis key prefix of the rate limiter's counters. */
export function rateLimitPrefix(config: Pick<AppConfig, 'database' | 'dataDir'>): string {
  return `sabai:rl:${forumNamespace(config)}:`;
}
