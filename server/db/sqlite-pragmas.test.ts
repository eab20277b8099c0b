/** The SQLite connection's settings (server/db/database.ts): what a forum on the embedded engine runs with. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-pragmas-'));
const db = createDatabase({ type: 'sqlite', file: path.join(dir, 'sabai.db') });

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function pragma(name: string): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(db);
  return Object.values(rows[0] ?? {})[0];
}

describe('SQLite connection settings', () => {
  it('writes ahead to a log, synced at checkpoints, with foreign keys enforced', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('checkpoints every 4,000 pages, not 1,000: a checkpoint stalls the commit that crosses the mark (issue 32)', async () => {
    expect(await pragma('wal_autocheckpoint')).toBe(4000);
  });
});
