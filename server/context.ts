/**
 * The process-wide dependencies every route, service caller and page loader uses. Built once by
 * `buildApp`, hung on the Fastify instance as `app.ctx`, and handed to React Router loaders
 * through the load context (DESIGN convention 11): never imported as a singleton.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { errors } from './http/errors';
import type { Clock } from './infra/clock';
import type { Mailer } from './infra/mail';
import type { RateLimiter } from './infra/rate-limiter';
import type { SettingsCache } from './modules/settings/settings.service';

export interface AppContext {
  config: AppConfig;
  log: FastifyBaseLogger;
  clock: Clock;
  limiter: RateLimiter;
  redis: Redis | null;
  mailer: Mailer;
  settings: SettingsCache;
  /** Mutable: the installer opens the database and flips `installed` without a restart. */
  state: { db: Database | null; installed: boolean };
}

/** The database, or 428 "not installed" when there is none yet. */
export function requireDb(ctx: AppContext): Database {
  if (!ctx.state.db || !ctx.state.installed) throw errors.notInstalled();
  return ctx.state.db;
}
