/**
 * The integration-test harness: a real Fastify app on a real, fresh database, driven through
 * `app.inject` (HTTP semantics without a socket). Every suite builds one per engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import { loadConfig, writePersistedConfig, type AppConfig, type DbType } from '../../server/config';
import { requireDb, type AppContext } from '../../server/context';
import { openDatabase } from '../../server/db/open';
import type { Settings } from '../../server/modules/settings/settings.schema';
import { writeSettings } from '../../server/modules/settings/settings.service';
import { createTestDatabase, type TestDatabase } from './databases';
import type { InputOf, OutputOf, ReadContract } from '../../common/actions/contract';
import type { Locale } from '../../common/constants';
import type { PageResult } from '../../common/views/page';
import type { UserRow } from '../../server/db/schema';
import { callerFrom } from '../../server/kernel/caller';
import type { JobRunner } from '../../server/modules/jobs/jobs.runner';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: { success: boolean; data?: T; errorCode?: number; message?: string; fields?: Record<string, string> };
  raw: LightMyRequestResponse;
  cookies: LightMyRequestResponse['cookies'];
}

export interface RequestOptions {
  body?: unknown;
  /** Send the body as application/x-www-form-urlencoded instead of JSON. */
  form?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dialect: DbType;
  dataDir: string;
  config: AppConfig;
  database: TestDatabase;
  /**
   * The app's jobs after commit: under test nothing runs them until `await t.jobs.drain()` (every
   * due job runs to its outcome), unless the app was built with `jobs: 'auto'`.
   */
  jobs: JobRunner;
  request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  /**
   * A page loader's read of a declared action (`context.read`), as `reader` (nobody by default, in
   * en-US); `visit` is the browser's address and user agent (view counting).
   */
  read<C extends ReadContract>(contract: C, input: InputOf<C>, reader?: PageReader): Promise<PageResult<OutputOf<C>>>;
  /** Stops the app, keeping the database (for restart tests). */
  stop(): Promise<void>;
  /** Stops the app and drops the database and data directory. */
  close(): Promise<void>;
}

/** Who reads a page in a test (`TestApp.read`). */
export interface PageReader {
  user?: UserRow | null;
  locale?: Locale;
  visit?: { ip: string; userAgent: string };
}

export interface TestAppOptions extends BuildOptions {
  dialect?: DbType;
  /** Default true: the schema is migrated and config.json says installed. */
  installed?: boolean;
  env?: Record<string, string>;
  /** 'on': the challenge and trust levels as a site has them by default (issue 28); else both off. */
  defences?: 'on' | 'off';
  /** Reuse an existing data dir and database (restart tests). */
  reuse?: { dataDir: string; database: TestDatabase };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dialect = options.dialect ?? 'sqlite';
  const installed = options.installed ?? true;
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-data-'));
  const database = options.reuse?.database ?? (await createTestDatabase(dialect));

  if (installed && !options.reuse) {
    const db = await openDatabase(database.config);
    await db.destroy();
    writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: database.config });
  }
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp(config, options);
  await app.ready();
  // Suites about something else sign up without the proof-of-work challenge, and as members past
  // level 0 (issue 28): the defences' own suites turn both back on (`DEFENCES_ON`).
  if (installed && !options.reuse && options.defences !== 'on') {
    await writeSettings(requireDb(app.ctx), DEFENCES_OFF, Date.now());
    app.ctx.settings.invalidate();
  }

  const request = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers['x-user-token'] = o.token;
    const inject: InjectOptions = { method, url, headers, query: o.query, cookies: o.cookies, remoteAddress: o.remoteAddress ?? '127.0.0.1' };
    if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      inject.payload = new URLSearchParams(o.form).toString();
    } else if (o.body !== undefined) {
      inject.payload = o.body as InjectOptions['payload'];
    }
    const res = await app.inject(inject);
    let body: ApiResponse<T>['body'];
    try {
      body = res.json();
    } catch {
      body = { success: false, message: res.body };
    }
    return { status: res.statusCode, headers: res.headers, body, raw: res, cookies: res.cookies };
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };

  return {
    app,
    ctx: app.ctx,
    dialect,
    dataDir,
    config,
    database,
    jobs: app.ctx.jobs,
    request,
    read: (contract, input, reader = {}) =>
      app.ctx.actions.read(app.ctx, contract, callerFrom(app.ctx, { user: reader.user ?? null, locale: reader.locale ?? 'en-US', ip: reader.visit?.ip ?? '', userAgent: reader.visit?.userAgent ?? '' }), input),
    get: (url, o) => request('GET', url, o),
    post: (url, body, o) => request('POST', url, { ...o, body }),
    stop,
    close: async () => {
      await stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes site settings for a suite's app, as of `now`, and drops the app's settings cache. */
export async function writeTestSettings(t: TestApp, values: Partial<Settings>, now: number): Promise<void> {
  await writeSettings(requireDb(t.ctx), values, now);
  t.ctx.settings.invalidate();
}

/** The challenge off, and level 1 from sign-up (issue 28): what suites not about the defences run with. */
export const DEFENCES_OFF: Partial<Settings> = {
  challenge: { enabled: false },
  trust: { level1: { days: 0, posts: 0, likes: 0, score: 0 }, level2: { days: 14, posts: 20, likes: 10, score: 50 }, reviewFirstPosts: 2, maxLinks: 3 },
};

/** A posting or commenting limit switched off (max 0), for suites about something else. */
export const NO_LIMIT: Settings['postLimits'] = { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 0, windowMs: 60_000 } };
