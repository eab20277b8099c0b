/**
 * CONTRACT — fresh real servers for Playwright journeys.
 *
 *   const server = await startServer({ installed: true });   // or false: the installer shows
 *   await page.goto(server.url + '/');
 *   …
 *   await server.stop();                                      // kills it, deletes its DATA_DIR
 *
 * Each server is the compiled production server (`node build/server-app/main.js`, what `npm
 * start` runs, serving the existing `build/`; the Playwright webServer runs `npm run build` once
 * per run) on a free port with its own temp DATA_DIR and SQLite database. `installed: true`
 * pre-installs through the installer's own code path (the compiled `npm run setup` →
 * installForum) with the admin below, else through migrations + settings + an admin row. Mail goes to `<dataDir>/mail/*.eml` (no SMTP): read verification links there.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Settings } from '../../server/modules/settings/settings.schema';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_DIR = path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build');
/** The compiled server and setup CLI (scripts/build-server.mjs). */
const SERVER_MAIN = path.join(BUILD_DIR, 'server-app', 'main.js');
const SETUP_CLI = path.join(BUILD_DIR, 'server-app', 'setup-cli.js');

export const E2E_ADMIN = { username: 'admin', password: 'admin-pass-123', email: 'admin@example.com' } as const;

export interface StartOptions {
  /** Default true. */
  installed?: boolean;
  /** Extra environment for the server (e.g. RATE_LIMITS: 'on'). */
  env?: Record<string, string>;
  /** Site language for installed servers (default en-US). */
  language?: 'en-US' | 'zh-CN';
  siteTitle?: string;
  /** A fixed port (default: a free one). */
  port?: number;
  /**
   * Another server's DATA_DIR: this one serves the same forum (same database) as a second
   * process; it neither installs nor deletes the directory.
   */
  dataDir?: string;
  /** Site settings written after install, before the server starts (nav links, modules…). */
  settings?: Partial<Settings>;
}

export interface E2eServer {
  url: string;
  port: number;
  dataDir: string;
  /** Directory where mail without SMTP lands as .eml files. */
  mailDir: string;
  /** The server's output so far (for failure messages). */
  output(): string;
  /** The server process (signals, exit timing). */
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Installs through the same code as the web installer (setup CLI → installForum). */
function preinstallWithSetup(dataDir: string, publicUrl: string, options: StartOptions): boolean {
  if (!existsSync(SETUP_CLI)) return false;
  const result = spawnSync(
    process.execPath,
    [
      SETUP_CLI,
      '--data-dir',
      dataDir,
      '--db-type',
      'sqlite',
      '--site-title',
      options.siteTitle ?? 'Sabai',
      '--admin-username',
      E2E_ADMIN.username,
      '--admin-email',
      E2E_ADMIN.email,
      '--language',
      options.language ?? 'en-US',
      '--public-url',
      publicUrl,
    ],
    { cwd: ROOT, env: { ...process.env, SABAI_ADMIN_PASSWORD: E2E_ADMIN.password, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`setup failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return true;
}

/**
 * Installed forums to copy, one per site title and language, made once per Playwright worker:
 * each setup run cost about four seconds of CPU, paid by 40 spec files on a two-core CI machine.
 * The copy is the same installer's output; the site's address (a setting) and the database
 * path (in config.json) are the copy's own.
 */
const installedTemplates = new Map<string, string>();
process.once('exit', () => {
  for (const dir of installedTemplates.values()) rmSync(dir, { recursive: true, force: true });
});

function templateFor(options: StartOptions): string | null {
  const key = `${options.siteTitle ?? 'Sabai'}\u0000${options.language ?? 'en-US'}`;
  const known = installedTemplates.get(key);
  if (known && existsSync(known)) return known;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-e2e-template-'));
  if (!preinstallWithSetup(dir, 'http://127.0.0.1:9', options)) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  installedTemplates.set(key, dir);
  return dir;
}

/** Installs by copying the template: config.json names its database by absolute path. */
function preinstallFromTemplate(dataDir: string, options: StartOptions): boolean {
  const template = templateFor(options);
  if (!template) return false;
  cpSync(template, dataDir, { recursive: true });
  const configFile = path.join(dataDir, 'config.json');
  writeFileSync(configFile, readFileSync(configFile, 'utf8').split(JSON.stringify(template).slice(1, -1)).join(JSON.stringify(dataDir).slice(1, -1)));
  return true;
}

/** Fallback before the installer module exists: migrations, settings and an admin row. */
async function preinstallDirect(dataDir: string, options: StartOptions): Promise<void> {
  const { writePersistedConfig } = await import('../../server/config');
  const { openDatabase } = await import('../../server/db/open');
  const { writeSettings } = await import('../../server/modules/settings/settings.service');
  const { hashPassword } = await import('../../server/modules/auth/password');
  const { insertUser } = await import('../../server/modules/users/users.repository');
  const { newUserValues } = await import('../../server/modules/users/users.service');
  const database = { type: 'sqlite' as const, file: path.join(dataDir, 'sabai.db') };
  const db = await openDatabase(database);
  const now = Date.now();
  try {
    await writeSettings(db, { siteTitle: options.siteTitle ?? 'Sabai', language: options.language ?? 'en-US' }, now);
    await insertUser(
      db,
      newUserValues(
        {
          username: E2E_ADMIN.username,
          email: E2E_ADMIN.email,
          email_verified: 1,
          nickname: E2E_ADMIN.username,
          password_hash: await hashPassword(E2E_ADMIN.password),
          role: 'admin',
        },
        now,
      ),
    );
  } finally {
    await db.destroy();
  }
  writePersistedConfig(dataDir, { installed: true, installedAt: now, database });
}

/** Writes settings straight into an installed DATA_DIR's database (server not running yet). */
async function writeInitialSettings(dataDir: string, settings: Partial<Settings>): Promise<void> {
  const { readPersistedConfig } = await import('../../server/config');
  const { openDatabase } = await import('../../server/db/open');
  const { writeSettings } = await import('../../server/modules/settings/settings.service');
  const persisted = readPersistedConfig(dataDir);
  if (!persisted) throw new Error('writeInitialSettings: not installed');
  const db = await openDatabase(persisted.database);
  try {
    await writeSettings(db, settings, Date.now());
  } finally {
    await db.destroy();
  }
}

/** Resolves once the server answers `config/configs`; throws with its output when it exits or never answers. */
export async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/config/configs`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** The last 20 KB of a child's stdout and stderr, for failure messages. */
/** SIGTERM, then SIGKILL after 5 s if it is still running; resolves once it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export function collectOutput(child: ChildProcess): () => string {
  let log = '';
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return () => log;
}

/** The challenge off, and level 1 from sign-up: what suites not about the defences start with. */
export const DEFENCES_OFF: Partial<Settings> = {
  challenge: { enabled: false },
  trust: { level1: { days: 0, posts: 0, likes: 0, score: 0 }, level2: { days: 14, posts: 20, likes: 10, score: 50 }, reviewFirstPosts: 2, maxLinks: 3 },
};

export async function startServer(options: StartOptions = {}): Promise<E2eServer> {
  if (!existsSync(path.join(BUILD_DIR, 'server', 'index.js')) || !existsSync(SERVER_MAIN)) {
    throw new Error('the build is missing: run `npm run build` (the Playwright webServer does it once per run)');
  }
  const shared = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-e2e-'));
  // The port comes first: setup records the site's address, which mailed links and canonical
  // URLs are built from (never from a request's Host header).
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  if ((options.installed ?? true) && !shared) {
    if (!preinstallFromTemplate(dataDir, options)) await preinstallDirect(dataDir, options);
    // Journeys about something else sign up without the proof-of-work challenge, and as members
    // past level 0 (issue 28): the defences' own journey turns both back on. The address is this
    // server's (setup recorded the template's).
    await writeInitialSettings(dataDir, { siteUrl: url, ...DEFENCES_OFF, ...options.settings });
  }
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);

  const stop = async () => {
    await stopProcess(child);
    if (!shared) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, mailDir: path.join(dataDir, 'mail'), output, child, stop };
}

/** The newest .eml file's text in a server's mail directory (null when none). */
export function latestMail(server: Pick<E2eServer, 'mailDir'>): string | null {
  if (!existsSync(server.mailDir)) return null;
  const files = readdirSync(server.mailDir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const last = files.at(-1);
  return last ? readFileSync(path.join(server.mailDir, last), 'utf8') : null;
}
