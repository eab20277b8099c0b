/**
 * Where whole-forum backups are kept (issue 33, ADR 0040), behind a small interface that knows
 * nothing of what an archive holds: a name, a stream of bytes, a size. The local disk
 * (DATA_DIR/backups) here, or a private S3-compatible bucket (backups.bucket.ts), chosen by
 * `openBackupStore` (backups.destination.ts).
 */
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeFileAtomically } from './backups.file';

export interface StoredBackup {
  name: string;
  size: number;
  /** When it was written (epoch ms). */
  time: number;
}

export interface BackupStore {
  /** The stored archives, any order. */
  list(): Promise<StoredBackup[]>;
  /** Stores `body` under `name`, whole or not at all; answers its size. */
  put(name: string, body: Readable): Promise<number>;
  /** The archive's bytes, or null when none is stored under `name`. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes it (nothing when it is not there). */
  remove(name: string): Promise<void>;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A plain file name: no folder, no `..`. */
export function isBackupName(name: string): boolean {
  return NAME.test(name) && !name.includes('..');
}

/** Archives as files of one folder, each written under a temporary name and renamed, mode 0600. */
export class LocalDiskBackupStore implements BackupStore {
  constructor(readonly root: string) {}

  private pathOf(name: string): string {
    if (!isBackupName(name)) throw new Error(`backup store: unsafe name ${JSON.stringify(name)}`);
    return path.join(this.root, name);
  }

  async list(): Promise<StoredBackup[]> {
    const names = await readdir(this.root).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const found: StoredBackup[] = [];
    for (const name of names.filter((n) => isBackupName(n) && !n.endsWith('.tmp'))) {
      const info = await stat(path.join(this.root, name)).catch(() => null);
      if (info?.isFile()) found.push({ name, size: info.size, time: info.mtimeMs });
    }
    return found;
  }

  put(name: string, body: Readable): Promise<number> {
    return writeFileAtomically(this.pathOf(name), body);
  }

  async open(name: string): Promise<{ stream: Readable; size: number } | null> {
    if (!isBackupName(name)) return null;
    const file = this.pathOf(name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  }

  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }
}
