/**
 * The process-wide dependencies every route, use case and page loader uses. Built once by
 * `buildApp` (the composition root), hung on the Fastify instance as `app.ctx`, and handed to
 * React Router loaders through the load context: never imported as a singleton. No module keeps
 * per-app state of its own; whatever lives as long as the app lives here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { DbOutage } from './db/outage';
import { errors } from './infra/errors';
import type { PageCache } from './http/page-cache';
import type { Clock, Sleep } from './infra/clock';
import type { DedupStore } from './infra/dedup';
import type { EventBus } from './infra/events';
import type { IpLocator } from './infra/ip-location';
import type { Mailer } from './infra/mail';
import type { RateLimiter } from './infra/rate-limiter';
import type { DomainEvents } from './kernel/events';
import type { KindRegistry } from './kernel/kinds';
import type { ReportableRegistry } from './kernel/reportables';
import type { ActionRegistry } from './kernel/action-registry';
import type { ImageProcessor } from './modules/uploads/uploads.api';
import type { SiteServices } from './kernel/pages';
import type { SettingsCache } from './modules/settings/settings.api';
import type { FeedCache } from './kernel/feed-cache';
import type { WordScreen } from './modules/words/words.api';
import type { JobRunner } from './modules/jobs/jobs.api';
import type { IpBanList } from './modules/ipbans/ipbans.api';
import type { StaffCheck } from './kernel/actions';

export interface AppContext {
  config: AppConfig;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Deliberate waits (slowed sign-ins); tests return at once. */
  sleep: Sleep;
  limiter: RateLimiter;
  redis: Redis | null;
  mailer: Mailer;
  settings: SettingsCache;
  /** Mutable: the installer opens the database and flips `installed` without a restart. */
  state: { db: Database | null; installed: boolean };
  /** Whether the database is unreachable now: 503s, one log line per outage (db/outage.ts). */
  dbOutage: DbOutage;
  /** Domain events of the write path and their handlers (filled by the features at start-up). */
  events: DomainEvents;
  /** Content kinds (filled by the features at start-up). */
  kinds: KindRegistry;
  /** What members may report to staff (filled by the features at start-up: kernel/reportables.ts). */
  reportables: ReportableRegistry;
  /**
   * Jobs after commit (ADR 0022): the outbox a write enqueues into (`scope.enqueue`), and the
   * runner that takes its rows after the commit (in this process, or on BullMQ with Redis).
   */
  readonly jobs: JobRunner;
  /** Every declared action (filled from the features at start-up): the API's routes and the pages' reads. */
  actions: ActionRegistry;
  /** Signals between processes (memory, or Redis pub/sub): the unread badge, cache invalidation. */
  readonly bus: EventBus;
  /** "Seen this visitor on this page lately?" for view counting. */
  readonly viewDedup: DedupStore;
  /** At most one reply mail per recipient per window. */
  readonly replyMailThrottle: DedupStore;
  ipLocator: IpLocator;
  /** The public feeds' micro-cache (topics, articles). */
  feedCache: FeedCache;
  /** Anonymous pages, shared. */
  pageCache: PageCache;
  /** Uploaded images: limits, then decoding in a bounded pool of worker threads. */
  images: ImageProcessor;
  /** The forbidden words: the cached list, and their regular expressions' timed worker thread. */
  words: WordScreen;
  /** The live IP and network bans, in memory (issue 28): every call but a GET from a banned address is refused. */
  readonly ipBans: IpBanList;
  /**
   * What a feature asks of staff before their staff-only actions (kernel/actions.ts `StaffCheck`;
   * the second factor the site may require, issue 29): filled by the features' `setup`.
   */
  readonly staffChecks: StaffCheck[];
  /** What page loaders call (`context.site`): every feature's page slice, assembled once per app. */
  readonly site: SiteServices;
}

/** The database, or 428 "not installed" when there is none yet. */
export function requireDb(ctx: AppContext): Database {
  if (!ctx.state.db || !ctx.state.installed) throw errors.notInstalled();
  return ctx.state.db;
}
