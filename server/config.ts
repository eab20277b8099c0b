/**
 * Configuration is read and validated once, at start (DESIGN convention 10): environment
 * variables plus `DATA_DIR/config.json`, which the installer writes. Nothing else reads
 * `process.env`.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './infra/proxy-trust';
import type { S3Settings } from './infra/s3';

export const DbConfigSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sqlite'), file: z.string().min(1) }),
  z.object({
    type: z.enum(['mysql', 'postgres']),
    host: z.string().min(1),
    port: z.coerce.number().int().min(1).max(65535),
    database: z.string().min(1),
    username: z.string().min(1),
    password: z.string().default(''),
  }),
]);
export type DbConfig = z.infer<typeof DbConfigSchema>;
export type DbType = DbConfig['type'];

/** What the installer persists in DATA_DIR/config.json. */
export const PersistedConfigSchema = z.object({
  installed: z.boolean(),
  installedAt: z.number().optional(),
  database: DbConfigSchema,
});
export type PersistedConfig = z.infer<typeof PersistedConfigSchema>;

const onOff = z.enum(['on', 'off']);
/** A duration or count from the environment: a whole positive number. */
const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  RATE_LIMITS: onOff.default('on'),
  /** `false`, `true` (proxies on private addresses), a hop count, or addresses/CIDRs: infra/proxy-trust.ts. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  /**
   * Test only: addresses (exact, comma-separated) the link-preview fetcher may reach despite its
   * address rules, on any port — a local page for the journeys. Empty in production.
   */
  LINK_PREVIEW_TEST_ALLOW: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Slow clients (server/http/slow-clients.ts). A 5 MB upload at 50 KB/s takes 100 s: the whole
  // request may take two minutes, but no byte of a body for 20 s is a stalled client.
  HEADERS_TIMEOUT_MS: positive(20_000),
  REQUEST_TIMEOUT_MS: positive(120_000),
  BODY_IDLE_TIMEOUT_MS: positive(20_000),
  // Browsers open six connections per site; a whole office behind one address stays far below.
  MAX_CONNECTIONS_PER_IP: positive(256),
  // Within a container's usual stop timeout (10 s, Docker's default), which then never kills us mid-request.
  SHUTDOWN_GRACE_MS: positive(10_000),
  // Uploaded images (server/modules/uploads/images.ts). A long phone screenshot is ~1,200 × 20,000;
  // 50 megapixels is a large camera photo. Sizes are read from the file's header before decoding.
  IMAGE_MAX_WIDTH: positive(20_000),
  IMAGE_MAX_HEIGHT: positive(20_000),
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().positive().default(50),
  IMAGE_WORKERS: z.coerce.number().int().positive().optional(),
  IMAGE_QUEUE_MAX: z.coerce.number().int().min(0).optional(),
  // Jobs after commit (modules/jobs): how many this process runs at once (0: none, it only
  // enqueues), and how long a claim holds unrenewed before another process takes the job over.
  JOB_WORKERS: z.coerce.number().int().min(0).default(4),
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  // Uploads in an S3-compatible bucket (ADR 0041, docs/operations/object-storage.md): set
  // S3_BUCKET and the environment decides, above the back office's storage settings.
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default(''),
  S3_ENDPOINT: z.union([z.literal(''), z.string().trim().url()]).default(''),
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).default(''),
  S3_PUBLIC_URL: z.union([z.literal(''), z.string().trim().url()]).default(''),
  S3_SIGNED_URLS: z.enum(['true', 'false', '1', '0', '']).default(''),
  // Backups in a bucket of their own (ADR 0040, docs/operations/backup-and-restore.md): set
  // BACKUP_S3_BUCKET. The endpoint, region and key are the uploads' (S3_*, else the back
  // office's) unless a BACKUP_S3_* one is given. Never the uploads' bucket: it may be public.
  BACKUP_S3_BUCKET: z.string().trim().optional(),
  BACKUP_S3_PREFIX: z.string().trim().default(''),
  BACKUP_S3_REGION: z.string().trim().optional(),
  BACKUP_S3_ENDPOINT: z.union([z.literal(''), z.string().trim().url()]).optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().trim().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
  BACKUP_S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
}).refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, { message: 'HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS', path: ['HEADERS_TIMEOUT_MS'] });

/** What an uploaded image may be, and how many are decoded at once (server/modules/uploads/images.ts). */
export interface ImageLimits {
  maxWidth: number;
  maxHeight: number;
  /** Width × height × frames, in millions. */
  maxMegapixels: number;
  /** Worker threads decoding and re-encoding images. */
  workers: number;
  /** Images waiting for a worker; past it an upload is answered 503 (busy, retry). */
  queueMax: number;
}

/**
 * One worker fewer than the cores (at most three): sharp's work runs on libuv's four shared
 * threads, which file reads, DNS and password hashing need too; one is always left to them.
 */
export function defaultImageWorkers(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(cores, 4) - 1);
}

/** How long a client may take to send a request, and how many connections one address may hold. */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  /** The whole request, headers and body. */
  requestTimeoutMs: number;
  /** The longest pause between two pieces of a body. */
  bodyIdleTimeoutMs: number;
  /** Open connections per client address (not applied behind a trusted proxy, whose address all clients share). */
  maxPerIp: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The database to use: from DATABASE_URL, else from config.json, else none yet. */
  database: DbConfig | null;
  /** True once the installer has finished (config.json says so). */
  installed: boolean;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string | null;
  publicUrl: string | null;
  rateLimits: boolean;
  /** Which hops may name the client in X-Forwarded-For (infra/proxy-trust.ts). */
  trustProxy: TrustProxy;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  connections: ConnectionLimits;
  /** How long SIGTERM waits for requests in flight before closing their connections and exiting. */
  shutdownGraceMs: number;
  images: ImageLimits;
  /** Jobs after commit: run at once by this process (0: none), and a claim's lease. */
  jobs: { workers: number; leaseMs: number };
  /**
   * Every action's answer is checked against its declared schema (kernel/action-runner.ts): on
   * under test, so a drifting answer fails the test that made it; off in production (no cost).
   */
  checkAnswers: boolean;
  /** The link-preview fetcher's test-only allowance (LINK_PREVIEW_TEST_ALLOW): addresses it may reach on any port. */
  linkPreviews: { testAllowAddresses: string[] };
  /** Uploads in this bucket (S3_BUCKET and the other S3_* variables), above the back office's choice; null: the back office decides. */
  s3: S3Settings | null;
  /** Backups in this bucket (BACKUP_S3_*); null: on the disk (DATA_DIR/backups). */
  backupS3: BackupBucketConfig | null;
}

/**
 * The backups' bucket as the environment gives it: its name and key prefix, and only the
 * connection values given as BACKUP_S3_* (the others come from the uploads' bucket).
 */
export interface BackupBucketConfig {
  bucket: string;
  /** '' or a folder-like prefix ending in `/` (`sabai/backups/`). */
  prefix: string;
  overrides: Partial<Pick<S3Settings, 'region' | 'endpoint' | 'accessKeyId' | 'secretAccessKey' | 'forcePathStyle'>>;
}

const truthy = (value: string) => value === 'true' || value === '1';

/** The S3_* variables as bucket settings, or null when S3_BUCKET is unset. */
function s3FromEnv(e: z.infer<typeof EnvSchema>): S3Settings | null {
  if (!e.S3_BUCKET) return null;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: truthy(e.S3_FORCE_PATH_STYLE),
    publicUrl: e.S3_PUBLIC_URL,
    signedUrls: truthy(e.S3_SIGNED_URLS),
  };
}

/** The BACKUP_S3_* variables, or null when BACKUP_S3_BUCKET is unset. */
function backupS3FromEnv(e: z.infer<typeof EnvSchema>): BackupBucketConfig | null {
  if (!e.BACKUP_S3_BUCKET) return null;
  const prefix = e.BACKUP_S3_PREFIX.replace(/^\/+/, '');
  const overrides: BackupBucketConfig['overrides'] = {};
  if (e.BACKUP_S3_REGION !== undefined) overrides.region = e.BACKUP_S3_REGION;
  if (e.BACKUP_S3_ENDPOINT !== undefined) overrides.endpoint = e.BACKUP_S3_ENDPOINT;
  if (e.BACKUP_S3_ACCESS_KEY_ID !== undefined) overrides.accessKeyId = e.BACKUP_S3_ACCESS_KEY_ID;
  if (e.BACKUP_S3_SECRET_ACCESS_KEY !== undefined) overrides.secretAccessKey = e.BACKUP_S3_SECRET_ACCESS_KEY;
  if (e.BACKUP_S3_FORCE_PATH_STYLE !== undefined) overrides.forcePathStyle = truthy(e.BACKUP_S3_FORCE_PATH_STYLE);
  return { bucket: e.BACKUP_S3_BUCKET, prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix, overrides };
}

/** The site address of last resort (no PUBLIC_URL, none recorded at install): this machine. */
export function localSiteUrl(port: number): string {
  return `http://localhost:${port}`;
}

export function configFilePath(dataDir: string): string {
  return path.join(dataDir, 'config.json');
}

/** Parses `sqlite:./file.db`, `mysql://user:pass@host:3306/db`, `postgres://…`. */
export function parseDatabaseUrl(url: string, dataDir: string): DbConfig {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { type: 'sqlite', file: path.resolve(dataDir, file || 'sabai.db') };
  }
  const parsed = new URL(url);
  const protocol = parsed.protocol.replace(/:$/, '');
  const type = protocol === 'mysql' || protocol === 'mariadb' ? 'mysql' : protocol === 'postgres' || protocol === 'postgresql' ? 'postgres' : null;
  if (!type) throw new Error(`DATABASE_URL: unsupported scheme "${protocol}" (use sqlite:, mysql:, postgres:)`);
  return {
    type,
    host: parsed.hostname,
    port: Number(parsed.port || (type === 'mysql' ? 3306 : 5432)),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
    username: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

export function readPersistedConfig(dataDir: string): PersistedConfig | null {
  const file = configFilePath(dataDir);
  if (!existsSync(file)) return null;
  const result = PersistedConfigSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!result.success) throw new Error(`${file} is invalid: ${result.error.message}`);
  return result.data;
}

/** Written atomically (temp file + rename) so a crash never leaves half a config behind. */
export function writePersistedConfig(dataDir: string, value: PersistedConfig): void {
  mkdirSync(dataDir, { recursive: true });
  const file = configFilePath(dataDir);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, JSON.stringify(PersistedConfigSchema.parse(value), null, 2) + '\n', { mode: 0o600 });
  renameSync(temp, file);
}

function imageLimits(e: z.infer<typeof EnvSchema>): ImageLimits {
  const workers = e.IMAGE_WORKERS ?? defaultImageWorkers();
  return { maxWidth: e.IMAGE_MAX_WIDTH, maxHeight: e.IMAGE_MAX_HEIGHT, maxMegapixels: e.IMAGE_MAX_MEGAPIXELS, workers, queueMax: e.IMAGE_QUEUE_MAX ?? workers * 8 };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.message}`);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const persisted = readPersistedConfig(dataDir);
  const database = e.DATABASE_URL ? parseDatabaseUrl(e.DATABASE_URL, dataDir) : (persisted?.database ?? null);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    installed: persisted?.installed === true,
    redisUrl: e.REDIS_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? null,
    publicUrl: e.PUBLIC_URL ?? null,
    rateLimits: e.RATE_LIMITS === 'on',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_MS,
      maxPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    images: imageLimits(e),
    jobs: { workers: e.JOB_WORKERS, leaseMs: e.JOB_LEASE_MS },
    checkAnswers: e.NODE_ENV === 'test',
    linkPreviews: { testAllowAddresses: e.LINK_PREVIEW_TEST_ALLOW.split(',').map((a) => a.trim()).filter(Boolean) },
    s3: s3FromEnv(e),
    backupS3: backupS3FromEnv(e),
    ...overrides,
  };
}
