/**
 * `npm run reindex`: rebuilds the search index of the configured database (ADR 0015), batch by
 * batch, with a progress bar and the counts. Resumes an interrupted run; `--restart` starts
 * over. The forum may keep serving meanwhile: each batch is its own transaction, and live writes
 * keep their documents in step as always.
 */
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { migrateToLatest, NewerSchemaError } from '../../db/migrate';
import { runTransaction } from '../../kernel/write';
import { reindexAll } from './search.index';
import { LAST_ID } from './search.sources';

const config = loadConfig();
if (!config.database) {
  console.error('No database configured: install the forum first (npm start, then /install) or set DATABASE_URL.');
  process.exit(1);
}
const restart = process.argv.includes('--restart');
const db = createDatabase(config.database, { poolSize: 1 });

function bar(kind: string, lastId: number, maxId: number, read: number): string {
  const share = maxId === 0 ? 1 : Math.min(1, lastId / maxId);
  const width = 30;
  const filled = Math.round(share * width);
  return `\r${kind.padEnd(8)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}%  ${read} read`;
}

try {
  await migrateToLatest(db);
  const started = Date.now();
  const ends = { topic: await LAST_ID.topic(db), article: await LAST_ID.article(db) };
  let current = '';
  const reports = await reindexAll(db, (work) => runTransaction(db, work), () => Date.now(), {
    restart,
    progress(kind, read, lastId) {
      if (current !== kind && current !== '') process.stdout.write('\n');
      current = kind;
      process.stdout.write(bar(kind, lastId, ends[kind], read));
    },
    // MariaDB's term index is then checked for entries of documents removed by hand.
    swept(slices) {
      process.stdout.write(`${slices === 1 ? '\n' : '\r'}cleaning up the term index: ${slices} slices checked`);
    },
  });
  process.stdout.write('\n');
  for (const report of reports) console.log(`${report.kind}: ${report.read} read, ${report.indexed} indexed`);
  console.log(`Search index rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  // A database a newer Sabai upgraded: its search tables may not be this version's (ADR 0043).
  if (!(error instanceof NewerSchemaError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
