/**
 * Writing an archive's stream to a file the way the backup store and the CLI both do: under a
 * temporary name in the same folder, mode 0600 from the first byte (the archive holds the site's
 * secrets and password hashes), renamed into place only once complete.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Writes `body` to `file` atomically; answers its size. */
export async function writeFileAtomically(file: string, body: Readable): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await pipeline(body, createWriteStream(temp, { mode: 0o600, flags: 'wx' }));
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return (await stat(file)).size;
}

/** A backup's file name for a moment: `sabai-backup-20261129-082300Z.tar.gz` (sorts by time). */
export function backupFileName(now: number, suffix = ''): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.\d+Z$/, 'Z');
  return `sabai-backup-${stamp}${suffix}.tar.gz`;
}
