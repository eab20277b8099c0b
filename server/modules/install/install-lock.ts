/**
 * Installs serialize twice over:
 *  - in this process, a promise-chain mutex per DATA_DIR (concurrent requests wait their turn
 *    and then see "installed");
 *  - across processes sharing DATA_DIR (a second server, `npm run setup` beside a running
 *    server), a lock file created with O_EXCL. A lock left by a crashed installer is stale once
 *    its process is gone (same host) or after LOCK_STALE_MS.
 * The database itself is guarded separately by the installation marker (install.repository.ts).
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errors } from '../../infra/errors';

const LOCK_FILE = 'install.lock';
/** Far longer than an install takes (connect timeouts are 5 s; migrations a few seconds). */
export const LOCK_STALE_MS = 10 * 60_000;

const chains = new Map<string, Promise<void>>();

/** Runs `fn` after every earlier call for the same key has finished. */
export async function serialize<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  chains.set(key, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (chains.get(key) === tail) chains.delete(key);
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

interface LockContent {
  pid: number;
  host: string;
  time: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(file: string, now: number): boolean {
  let content: Partial<LockContent>;
  try {
    content = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
  } catch {
    return true; // unreadable or half-written: its writer died between open and write
  }
  if (typeof content.time !== 'number' || now - content.time > LOCK_STALE_MS) return true;
  if (content.host === os.hostname() && typeof content.pid === 'number') return !isAlive(content.pid);
  return false;
}

/** Creates DATA_DIR/install.lock or throws 409 "installation in progress"; returns the release. */
export function acquireLockFile(dataDir: string, now = Date.now()): () => void {
  const file = lockFilePath(dataDir);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw errors.internal('install.errors.dataDirNotWritable', error);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw errors.internal('install.errors.dataDirNotWritable', error);
      }
      if (attempt === 0 && isStale(file, now)) {
        rmSync(file, { force: true });
        continue;
      }
      throw errors.conflict('install.errors.inProgress');
    }
    try {
      writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), time: now } satisfies LockContent));
    } finally {
      closeSync(fd);
    }
    return () => rmSync(file, { force: true });
  }
  throw errors.conflict('install.errors.inProgress');
}

/** Both locks around `fn`: the in-process mutex first, then the lock file. */
export function withInstallLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const key = path.resolve(dataDir);
  return serialize(key, async () => {
    const release = acquireLockFile(key);
    try {
      return await fn();
    } finally {
      release();
    }
  });
}
