/**
 * buildApp(config) → a ready Fastify instance: plugins, the request pipeline, /api routes and
 * (when built) the server-rendered site. `main.ts` listens on it; tests `inject` into it.
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { LIMITS } from '../common/constants';
import { localSiteUrl, type AppConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/open';
import { DbOutage } from './db/outage';
import { installDrain } from './http/drain';
import { handleClientError, installErrorHandling, sendFrameworkError } from './http/error-handler';
import { serializeRequest } from './http/logging';
import { slowClientGuard } from './http/slow-clients';
import { installRequestContext } from './http/request-context';
import { installResponseHeaders } from './http/response-headers';
import { installCompression } from './http/compression';
import { lazySchemaCompilers } from './http/schema-compilers';
import { installTextGuard } from './http/validate';
import './http/types';
import { systemClock, timerSleep, type Clock, type Sleep } from './infra/clock';
import { createMailer, type Mailer } from './infra/mail';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './infra/rate-limiter';
import { proxyTrust } from './infra/proxy-trust';
import { rateLimitPrefix } from './infra/namespace';
import { createRedis } from './infra/redis';
import { MemoryDedupStore, RedisDedupStore, REPLY_MAIL_THROTTLE_MAX_BYTES, type DedupStore } from './infra/dedup';
import { MemoryEventBus, RedisEventBus, type EventBus } from './infra/events';
import { createIpLocator } from './infra/ip-location';
import { forumNamespace } from './infra/namespace';
import { DomainEvents } from './kernel/events';
import { KindRegistry } from './kernel/kinds';
import { ReportableRegistry } from './kernel/reportables';
import { ActionRegistry } from './kernel/action-registry';
import { registerActionRoutes } from './http/actions-http';
import type { SiteServices } from './kernel/pages';
import { createPageCache } from './http/page-cache';
import { siteOriginOf } from './http/site-address';
import { createFeedCache } from './kernel/feed-cache';
import { BullBackend, JobRunner } from './modules/jobs/jobs.api';
import { SettingsCache } from './modules/settings/settings.api';
import { ImageProcessor } from './modules/uploads/uploads.api';
import { WordScreen } from './modules/words/words.api';
import { IpBanList } from './modules/ipbans/ipbans.api';
import { features } from './features';

export interface BuildOptions {
  clock?: Clock;
  /** Deliberate waits (slowed sign-ins); tests pass one that records them and returns at once. */
  sleep?: Sleep;
  mailer?: Mailer;
  /** Extra plugins registered after the API (the SSR site handler in production and dev). */
  site?: FastifyPluginAsync;
  /** Where log lines go (default stdout); tests read them back. */
  logStream?: { write(line: string): void };
  /**
   * Jobs after commit: `auto` runs them (production, dev); `manual` runs them only on
   * `ctx.jobs.drain()` (the default under test, so a suite chooses when they run).
   */
  jobs?: 'auto' | 'manual';
  /** Periodic jobs' intervals by job name, in place of the declared ones (tests). */
  scheduleEveryMs?: Readonly<Record<string, number>>;
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const trustedHop = proxyTrust(config.trustProxy);
  // A trusted proxy's own address is the peer of all its clients: exempt it from the per-address cap.
  const slowClients = slowClientGuard(config.connections, {
    exemptFromCap: trustedHop ? (address) => trustedHop(address, 0) : () => false,
    // Requests Node's parser refuses (431, bad Content-Length, conflicting Transfer-Encoding).
    onProtocolError: handleClientError,
  });
  const app = Fastify({
    // Deadlines for slow clients and the 408 that answers a missed one (http/slow-clients.ts).
    ...slowClients.serverOptions,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-user-token"]', 'req.headers.authorization'],
      // Mail links put single-use tokens into URLs: the access log masks them.
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : randomUUID()),
    // The client is the right-most X-Forwarded-For address that is not one of our proxies.
    trustProxy: trustedHop,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs (`/api/%zz`) are refused by the router before any hook: same envelope.
    frameworkErrors: sendFrameworkError,
    // A request arriving while the server drains is refused by the drain's own hook: 503 in our
    // envelope (or the unavailable page), with Retry-After and `Connection: close` (http/drain.ts).
    return503OnClosing: false,
    schemaController: { compilersFactory: lazySchemaCompilers },
  });
  slowClients.attach(app.server, app.log);
  app.decorate('drain', installDrain(app));

  const clock = options.clock ?? systemClock;
  const redis = config.redisUrl ? createRedis(config.redisUrl) : null;
  const { ctx, closeBus } = createContext(config, app, clock, redis, options);
  if (config.installed && config.database) {
    ctx.state.db = await openDatabase(config.database, {
      // A pooled connection the server dropped: the start of an outage, or a line of its own.
      onConnectionError: (error) => {
        if (!ctx.dbOutage.noteFailure(error)) app.log.warn({ err: error }, 'database connection dropped');
      },
      // The first query that succeeds ends an outage: pages come back with the database, not at the next probe.
      onQuerySucceeded: (durationMs) => ctx.dbOutage.noteSuccess(durationMs),
    });
    ctx.state.installed = true;
    // Absolute links use PUBLIC_URL, else the address recorded at install (never a request's Host).
    config.publicUrl ??= (await ctx.settings.get(ctx.state.db)).siteUrl || null;
    if (!config.publicUrl) {
      app.log.warn({ fallback: localSiteUrl(config.port) }, 'no site address: PUBLIC_URL is unset and none was recorded at install, so links in mails point to this machine. Set PUBLIC_URL.');
    }
  }
  app.decorate('ctx', ctx);

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: JSON_BODY_LIMIT });
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, parts: 25 } });

  installRequestContext(app);
  shareSettings(app, ctx);
  installTextGuard(app);
  installErrorHandling(app);
  installResponseHeaders(app);
  installCompression(app);

  for (const feature of features) ctx.jobs.register(feature.name, feature.jobs, feature.schedules);
  for (const feature of features) feature.setup?.(ctx);
  for (const feature of features) if (feature.actions) ctx.actions.register(feature.name, feature.actions);
  // The text guard above screened every request's text: the runner does not scan it twice.
  registerActionRoutes(app, ctx.actions, { screened: true });
  for (const feature of features) {
    const stop = await feature.start?.(ctx);
    if (stop) app.addHook('preClose', async () => stop());
  }
  if (options.site) await app.register(options.site);

  // After every route: a job kicked at once may need what they registered.
  ctx.jobs.start(config.redisUrl ? new BullBackend(ctx, ctx.jobs, config.redisUrl) : null);
  app.addHook('onClose', async () => {
    // First, while the database and Redis are open: running jobs finish or are given back.
    await ctx.jobs.close(Math.min(5_000, Math.floor(config.shutdownGraceMs / 2)));
    ctx.dbOutage.stop();
    await closeBus();
    await ctx.images.close();
    await ctx.words.close();
    await ctx.state.db?.destroy();
    ctx.state.db = null;
    await redis?.quit();
  });
  return app;
}

/**
 * Settings changes through any process reach every process at once: the settings cache hears
 * the others' writes on the bus (named after the installed forum, so it connects on start when
 * installed, or on the first request after install) and drops its copy and the feed caches.
 */
function shareSettings(app: FastifyInstance, ctx: AppContext): void {
  let disconnect: (() => void) | undefined;
  const connect = () => {
    if (disconnect || !ctx.state.installed) return;
    disconnect = ctx.settings.connect(
      ctx.bus,
      () => ctx.feedCache.clear(),
      (error) => app.log.warn({ err: error }, 'settings change not shared'),
    );
  };
  connect();
  app.addHook('onRequest', async () => connect());
  app.addHook('onClose', async () => disconnect?.());
}

/**
 * The app context: every per-app service, built here and nowhere else. Services whose Redis
 * names depend on the forum's identity (the database, known only after install) are made on
 * first use, still once per app.
 */
function createContext(
  config: AppConfig,
  app: FastifyInstance,
  clock: Clock,
  redis: ReturnType<typeof createRedis> | null,
  options: BuildOptions,
): { ctx: AppContext; closeBus: () => Promise<void> } {
  const test = config.env === 'test';
  let bus: EventBus | undefined;
  let viewDedup: DedupStore | undefined;
  let replyMailThrottle: DedupStore | undefined;
  let site: SiteServices | undefined;
  let jobs: JobRunner | undefined;
  const jobOptions = { mode: options.jobs ?? (test ? 'manual' : 'auto'), workers: config.jobs.workers, leaseMs: config.jobs.leaseMs, scheduleEveryMs: options.scheduleEveryMs } as const;
  const ctx: AppContext = {
    config,
    log: app.log,
    clock,
    sleep: options.sleep ?? timerSleep,
    redis,
    limiter: new RateLimiter(redis ? new RedisRateLimitStore(redis, () => rateLimitPrefix(config)) : new MemoryRateLimitStore(), clock, config.rateLimits),
    mailer: options.mailer ?? createMailer(config.dataDir, app.log),
    settings: new SettingsCache(clock, (error) => ctx.dbOutage.noteFailure(error)),
    state: { db: null, installed: false },
    dbOutage: new DbOutage({
      log: app.log,
      clock,
      probe: async () => {
        if (ctx.state.db) await sql`select 1`.execute(ctx.state.db);
      },
    }),
    events: new DomainEvents(),
    get jobs() {
      return (jobs ??= new JobRunner(ctx, jobOptions));
    },
    kinds: new KindRegistry(),
    reportables: new ReportableRegistry(),
    actions: new ActionRegistry(),
    get bus() {
      if (!bus) {
        bus = redis ? new RedisEventBus(redis, forumNamespace(config), (error) => app.log.warn({ err: error }, 'event bus subscriber error')) : new MemoryEventBus();
      }
      return bus;
    },
    get viewDedup() {
      return (viewDedup ??= redis ? new RedisDedupStore(redis, `sabai:seen:${forumNamespace(config)}:`) : new MemoryDedupStore());
    },
    get replyMailThrottle() {
      return (replyMailThrottle ??= redis ? new RedisDedupStore(redis, 'sabai:replymail:') : new MemoryDedupStore(REPLY_MAIL_THROTTLE_MAX_BYTES));
    },
    ipLocator: createIpLocator(config),
    // Caches are off under test (ttl 0) unless a test turns them on.
    feedCache: createFeedCache(test),
    pageCache: createPageCache(test),
    images: new ImageProcessor(config.images),
    words: new WordScreen(clock, app.log),
    ipBans: new IpBanList(),
    staffChecks: [],
    get site() {
      return (site ??= createSite(ctx));
    },
  };
  // Assembled now: a page method missing or declared twice stops the start, not the first page.
  void ctx.site;
  return { ctx, closeBus: async () => bus?.close() };
}

/**
 * `context.site`, built once per app: what is the site's own (its clock, address, install state,
 * log). The features' reads are declared actions, which loaders run through `context.read`.
 */
function createSite(ctx: AppContext): SiteServices {
  return {
    now: () => ctx.clock.now(),
    origin: () => siteOriginOf(ctx.config),
    installState: () => ({ installed: ctx.state.installed, fixedDbType: ctx.config.database?.type ?? null }),
    log: {
      // A loader that met an unreachable database is part of the outage (one line), not an error of its own.
      error: (details, message) => {
        if (!ctx.dbOutage.noteFailure(details.err)) ctx.log.error(details, message);
      },
    },
  };
}
