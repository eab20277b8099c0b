/**
 * The installer (spec §2 /install, §5; API.md "Site and installer"), shared by the web route
 * and `npm run setup`: test a database connection, and `installForum` — connect, migrate,
 * write the site settings and the admin in one transaction, then write DATA_DIR/config.json.
 * Rules (docs/decisions/0002-installer.md):
 *  - config.json is written last, only after the database holds a complete installation;
 *  - any failure before that closes the handle and leaves nothing half done (the transaction
 *    rolls back; tables created by migrations are harmless and reused by the next attempt);
 *  - a database that already holds an installation (marker row or an admin) is never given a
 *    second admin: the request is refused with 409, unless it names that installation's admin
 *    with the right password, in which case the forum attaches to it ("adopt").
 */
import { accessSync, constants as fsConstants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SQLITE_FILE, type InstallDbInput } from '../../../common/validation/install';
import type { Locale } from '../../../common/constants';
import { readPersistedConfig, writePersistedConfig, type DbConfig, type PersistedConfig } from '../../config';
import { createDatabase, type Database, type Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/helpers';
import { migrateToLatest, NewerSchemaError } from '../../db/migrate';
import { ErrorCode } from '../../../common/errors';
import { AppError, errors } from '../../infra/errors';
import { hashPassword, verifyPassword } from '../auth/auth.api';
import { nameDefaultNode } from '../nodes/nodes.api';
import { ensureVapidKeys } from '../push/push.api';
import { aboutTexts, writeSettings } from '../settings/settings.api';
import { countAdmins, createMember, findUserByUsername } from '../users/users.api';
import { runTransaction } from '../../kernel/write';
import { withInstallLock } from './install-lock';
import { deleteInstallation, insertInstallMarker, pingDatabase } from './install.repository';

/** An overall bound on a connection test, beyond the drivers' own 5 s connect timeouts. */
export const CONNECT_TIMEOUT_MS = 8_000;

export type InstallStep = 'preparing' | 'connecting' | 'migrating' | 'writingSettings' | 'creatingAdmin' | 'writingConfig' | 'completed';

export interface InstallRequest {
  database: DbConfig;
  siteTitle: string;
  siteDescription: string;
  language: Locale;
  adminUsername: string;
  adminPassword: string;
  adminEmail?: string | null;
  /** The address the forum was installed through (becomes the `siteUrl` setting). */
  siteUrl?: string;
}

/** The form's (or the command line's) fields as an install request: the same for both doors. */
export function installRequestOf(
  fields: Pick<InstallRequest, 'siteTitle' | 'siteDescription' | 'language' | 'adminUsername' | 'adminPassword' | 'adminEmail'>,
  database: DbConfig,
  siteUrl: string | undefined,
): InstallRequest {
  const { siteTitle, siteDescription, language, adminUsername, adminPassword, adminEmail } = fields;
  return { database, siteTitle, siteDescription, language, adminUsername, adminPassword, adminEmail: adminEmail ?? null, siteUrl };
}

export interface InstallOutcome {
  /** The open, migrated handle; the caller owns it from now on. */
  db: Database;
  persisted: PersistedConfig;
  adminId: number;
  /** True when the database already held this installation and the forum attached to it. */
  adopted: boolean;
}

export interface InstallDeps {
  dataDir: string;
  now: () => number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  onProgress?: (step: InstallStep) => void;
  /** Answers true when this process already runs installed (checked under the lock). */
  isInstalled?: () => boolean;
  /** Switches the live app to the outcome; runs under the lock, before it is released. */
  activate?: (outcome: InstallOutcome) => void;
  /** Test seams that simulate the database failing mid-way. */
  faults?: {
    afterMigrate?: (db: Database) => Promise<void>;
    beforeCommit?: (trx: Tx) => Promise<void>;
  };
}

/** The text a driver gives for a failure (AggregateError from dual-stack connects has none). */
export function driverReason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) {
    return [...new Set(error.errors.map((e) => driverReason(e)))].join('; ');
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  return String(error);
}

function connectionFailed(error: unknown): AppError {
  return errors.other(400, 'install.errors.connectionFailed', { reason: driverReason(error) });
}

/**
 * A failure after the connection succeeded (migrations, the transaction, the file system). Its
 * text may hold SQL or paths, so the answer is generic and the cause goes to the log (the CLI
 * prints it: its operator is the one at the terminal).
 */
/** 409: the database was upgraded by a newer Sabai (ADR 0043); nothing was written to it. */
function newerSchema(error: NewerSchemaError): AppError {
  return new AppError(409, ErrorCode.Conflict, 'install.errors.newerSchema', { migrations: error.unknownMigrations.join(', ') });
}

function installFailed(error: unknown): AppError {
  return errors.internal('install.errors.internal', error);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The form's database fields as a connection config; SQLite files resolve under DATA_DIR. */
export function resolveDbConfig(input: InstallDbInput, dataDir: string): DbConfig {
  if (input.type === 'sqlite') return { type: 'sqlite', file: path.resolve(dataDir, input.database ?? DEFAULT_SQLITE_FILE) };
  const { host, port, database, username } = input;
  if (!host || !port || !database || !username) throw errors.validation({ db: 'install.validation.dbIncomplete' });
  return { type: input.type, host, port, database, username, password: input.password };
}

/** For the web installer: a SQLite file must be a .db/.sqlite/.sqlite3 file inside DATA_DIR. */
export function isAllowedWebSqliteFile(file: string, dataDir: string): boolean {
  const relative = path.relative(path.resolve(dataDir), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && /\.(db|sqlite3?)$/i.test(relative);
}

/** "sqlite /data/sabai.db" or "mysql sabai@127.0.0.1:3306/forum" (no password). */
export function describeDatabase(config: DbConfig): string {
  if (config.type === 'sqlite') return `sqlite ${config.file}`;
  return `${config.type} ${config.username}@${config.host}:${config.port}/${config.database}`;
}

/**
 * SQLite without side effects: an existing file must open as a database and be writable; a new
 * one needs its nearest existing ancestor directory to be writable (nothing is created).
 */
function probeSqlite(file: string): void {
  if (existsSync(file)) {
    if (statSync(file).isDirectory()) throw new Error(`${file} is a directory`);
    accessSync(file, fsConstants.R_OK | fsConstants.W_OK);
    const sqlite = new SQLite(file, { fileMustExist: true });
    try {
      sqlite.prepare('select count(*) from sqlite_master').get();
    } finally {
      sqlite.close();
    }
    return;
  }
  let dir = path.dirname(file);
  while (!existsSync(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
  accessSync(dir, fsConstants.W_OK);
}

/** Really connects (`select 1`) and closes again; throws 400 with the driver's reason. */
export async function testConnection(config: DbConfig): Promise<void> {
  if (config.type === 'sqlite') {
    try {
      probeSqlite(config.file);
    } catch (error) {
      throw connectionFailed(error);
    }
    return;
  }
  let db: Database | null = null;
  try {
    db = createDatabase(config, { poolSize: 1 });
    await withTimeout(pingDatabase(db), CONNECT_TIMEOUT_MS);
  } catch (error) {
    throw connectionFailed(error);
  } finally {
    void db?.destroy().catch(() => {});
  }
}

/** Opens and pings the target database; the caller owns the handle. */
async function connect(config: DbConfig): Promise<Database> {
  let db: Database | null = null;
  try {
    db = createDatabase(config);
    await withTimeout(pingDatabase(db), CONNECT_TIMEOUT_MS);
    return db;
  } catch (error) {
    void db?.destroy().catch(() => {});
    throw connectionFailed(error);
  }
}

/** Thrown inside the transaction to roll it back when the database is already installed. */
class ExistingInstallation extends Error {}

/**
 * Installs the forum into `request.database` and writes DATA_DIR/config.json. Serialized per
 * DATA_DIR (in-process mutex + lock file). Throws AppError: 403 already installed, 400
 * validation or connection failure (with the driver's reason), 409 database already in use or
 * install in progress, 500 with a generic message (the cause logged) when the database or the
 * data directory fails mid-way.
 */
/**
 * Migrations, retried briefly: Kysely takes no migration lock on SQLite, so two processes
 * installing into one file at once can race ("table already exists"). Once the other process
 * has finished, migrating again is a no-op and the install marker decides who wins.
 */
async function migrateWithRetry(db: Database, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(db);
      return;
    } catch (error) {
      // A database upgraded by a newer Sabai stays so: say it at once (ADR 0043).
      if (attempt >= attempts || error instanceof NewerSchemaError) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

export function installForum(request: InstallRequest, deps: InstallDeps): Promise<InstallOutcome> {
  return withInstallLock(deps.dataDir, async () => {
    const progress = (step: InstallStep) => {
      deps.log?.info({ step }, 'install');
      deps.onProgress?.(step);
    };
    if (deps.isInstalled?.() || readPersistedConfig(deps.dataDir)?.installed) throw errors.alreadyInstalled();
    progress('preparing');
    const passwordHash = await hashPassword(request.adminPassword);

    progress('connecting');
    const db = await connect(request.database);
    try {
      progress('migrating');
      try {
        await migrateWithRetry(db);
        await deps.faults?.afterMigrate?.(db);
      } catch (error) {
        if (error instanceof NewerSchemaError) throw newerSchema(error);
        throw installFailed(error);
      }

      const now = deps.now();
      let adminId: number | null = null;
      try {
        adminId = await runTransaction(db, async (trx) => {
          // The marker first: its primary key is the cross-process guard, and a write first
          // takes SQLite's write lock at once (no read-then-upgrade deadlock).
          await insertInstallMarker(trx, { installedAt: now }, now);
          if ((await countAdmins(trx)) > 0) throw new ExistingInstallation();
          progress('writingSettings');
          const site = { siteTitle: request.siteTitle, siteDescription: request.siteDescription, language: request.language, siteUrl: request.siteUrl ?? '' };
          // The about page's texts, seeded in the installer's language (the back office edits them).
          await writeSettings(trx, { ...site, ...aboutTexts({ ...site, aboutContent: '', contact: '' }) }, now);
          // The migration seeds the default node in English; name it in the forum's language.
          await nameDefaultNode(trx, request.language, now);
          // The Web Push key pair (RFC 8292), made once with the site and never shown.
          await ensureVapidKeys(trx, now);
          progress('creatingAdmin');
          const id = await createMember(
            trx,
            {
              username: request.adminUsername,
              email: request.adminEmail ? request.adminEmail.trim().toLowerCase() : null,
              nickname: request.adminUsername,
              password_hash: passwordHash,
              role: 'admin',
            },
            now,
          );
          await deps.faults?.beforeCommit?.(trx);
          return id;
        });
      } catch (error) {
        if (!(error instanceof ExistingInstallation) && !isUniqueViolation(error)) throw installFailed(error);
      }

      let adopted = false;
      if (adminId === null) {
        adminId = await adoptableAdmin(db, request);
        if (adminId === null) throw errors.conflict('install.errors.databaseInUse');
        adopted = true;
        deps.log?.warn({ database: describeDatabase(request.database) }, 'install: attaching to the existing installation in this database');
      }

      progress('writingConfig');
      const persisted: PersistedConfig = { installed: true, installedAt: now, database: request.database };
      try {
        writePersistedConfig(deps.dataDir, persisted);
      } catch (error) {
        // The database holds a complete installation but this forum cannot record it: undo the
        // admin and marker so the next attempt starts clean.
        if (!adopted) await deleteInstallation(db, adminId).catch((e: unknown) => deps.log?.error({ err: e }, 'install: cleanup failed'));
        throw errors.internal('install.errors.dataDirNotWritable', error);
      }
      progress('completed');
      const outcome: InstallOutcome = { db, persisted, adminId, adopted };
      deps.activate?.(outcome);
      return outcome;
    } catch (error) {
      await db.destroy().catch(() => {});
      throw error instanceof AppError ? error : installFailed(error);
    }
  });
}

/** The existing admin named by the request, when the password matches; else null. */
async function adoptableAdmin(db: Database, request: InstallRequest): Promise<number | null> {
  let user;
  try {
    user = await findUserByUsername(db, request.adminUsername);
  } catch (error) {
    throw installFailed(error);
  }
  if (!user || user.role !== 'admin' || user.status !== 0 || !user.password_hash) return null;
  return (await verifyPassword(user.password_hash, request.adminPassword)) ? user.id : null;
}
