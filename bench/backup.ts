/**
 * Backup and restore figures (issue 33, ADR 0040): seeds a SQLite forum (bench/seed.ts) with
 * uploads, takes a backup, and restores it onto a fresh SQLite file and onto each reachable
 * server engine (MariaDB, PostgreSQL), printing each step's time, the archive's size and the
 * per-table comparison of the cross-engine restores; then backs up the PostgreSQL (or MariaDB)
 * copy to time a server engine's backup.
 *
 *   npx tsx bench/backup.ts [--topics 2000] [--comments 20000] [--users 1000] [--articles 500] [--uploads 200]
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, testDatabases } from '../tests/support/databases';
import { prepareBackup } from '../server/modules/backups/backups.archive';
import { writeFileAtomically } from '../server/modules/backups/backups.file';
import { restoreBackup, type TableComparison } from '../server/modules/backups/backups.restore';
import type { DbConfig } from '../server/config';
import { arg } from './lib';
import { openBenchDatabase, seed, seedArticles } from './seed';

const work = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-backup-'));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

async function backUp(database: DbConfig, dataDir: string, file: string): Promise<{ seconds: string; bytes: number; rows: number }> {
  const started = performance.now();
  const backup = await prepareBackup({ database, dataDir, workDir: work, now: Date.now() });
  try {
    const bytes = await writeFileAtomically(file, backup.stream);
    return { seconds: seconds(started), bytes, rows: backup.manifest.tables.reduce((sum, t) => sum + t.rows, 0) };
  } finally {
    await backup.cleanup();
  }
}

try {
  const source = path.join(work, 'source');
  const { db, config } = await openBenchDatabase(source);
  const seeded = await seed(db, { topics: Number(arg('topics') ?? 2000), comments: Number(arg('comments') ?? 20_000), users: Number(arg('users') ?? 1000) });
  await seedArticles(db, { count: Number(arg('articles') ?? 500), comments: Number(arg('article-comments') ?? 2000) });
  await db.destroy();
  const uploads = Number(arg('uploads') ?? 200);
  for (let i = 0; i < uploads; i++) {
    const name = randomBytes(32).toString('hex');
    const dir = path.join(source, 'uploads', name.slice(0, 2), name.slice(2, 4));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}.webp`), randomBytes(40_000));
  }
  console.log(`seeded SQLite: ${seeded.users} users, ${seeded.topics} topics, ${seeded.comments} comments, articles, ${uploads} uploads of 40 KB; database file ${(statSync(config.type === 'sqlite' ? config.file : '').size / 1e6).toFixed(1)} MB`);

  const archive = path.join(work, 'sqlite.tar.gz');
  const made = await backUp(config, source, archive);
  console.log(`backup  sqlite      ${made.seconds} s  ${(made.bytes / 1e6).toFixed(1)} MB  ${made.rows} rows`);

  const engines = await testDatabases();
  const comparisons = new Map<string, TableComparison[]>();
  for (const engine of engines) {
    const target = await createTestDatabase(engine);
    const dataDir = path.join(work, `restore-${engine}`);
    const started = performance.now();
    const report = await restoreBackup({ archive, database: target.config, dataDir, now: Date.now() });
    console.log(`restore sqlite → ${engine.padEnd(8)} ${seconds(started)} s  ${report.ok ? 'every table matches' : 'MISMATCH'}`);
    comparisons.set(engine, report.tables);
    if (engine !== 'sqlite') {
      const again = await backUp(target.config, dataDir, path.join(work, `${engine}.tar.gz`));
      console.log(`backup  ${engine.padEnd(11)} ${again.seconds} s  ${(again.bytes / 1e6).toFixed(1)} MB  ${again.rows} rows`);
    }
    await target.drop();
  }

  const names = [...comparisons.keys()];
  console.log(`\n| table | rows | ${names.map((n) => `sqlite → ${n}`).join(' | ')} |`);
  console.log(`|---|---:|${names.map(() => '---').join('|')}|`);
  for (const row of comparisons.get(names[0]!)!) {
    const cells = names.map((n) => {
      const other = comparisons.get(n)!.find((r) => r.table === row.table)!;
      return other.ok ? `ok \`${other.checksum.slice(0, 12)}\`` : 'MISMATCH';
    });
    if (row.expectedRows > 0) console.log(`| ${row.table} | ${row.expectedRows} | ${cells.join(' | ')} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
