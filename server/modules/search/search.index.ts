/**
 * Keeping the index in step (ADR 0015). Live: the write handlers below run inside the write's
 * transaction, so a post and its document commit or roll back together. Rebuild (`npm run
 * reindex`, and at start-up after an upgrade): each kind is read in batches by id and its
 * documents rewritten, one transaction a batch, the progress saved with it, so an interrupted
 * rebuild resumes where it stopped and the index stays usable throughout.
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';
import { rebuildTermRows } from './search.mysql.repository';
import { deleteDocument, deleteDocumentsInRange, insertDocument, insertDocuments, readProgress, replaceDocument, settleIndex, sweepIndex, writeProgress, type IndexedDocument, type SweepCursor } from './search.repository';
import { SEARCH_KINDS, SOURCES, sourceItem, type SearchKind, type SourceItem } from './search.sources';
import { documentTerms } from './search.text';

function documentOf(kind: SearchKind, item: SourceItem): IndexedDocument {
  return { kind, itemId: item.id, nodeId: item.nodeId, userId: item.userId, createTime: item.createTime, terms: documentTerms(item.title, item.body) };
}

/** A new post: indexed when published (a post under review waits for its approval). */
export async function indexNewItem(db: Kysely<DB>, kind: SearchKind, id: number): Promise<void> {
  const item = await sourceItem(db, kind, id);
  if (item?.published) await insertDocument(db, documentOf(kind, item));
}

/** A post that changed (text, node, status): its document rewritten, or dropped when it is no longer published. */
export async function reindexItem(db: Kysely<DB>, kind: SearchKind, id: number): Promise<void> {
  const item = await sourceItem(db, kind, id);
  if (item?.published) await replaceDocument(db, documentOf(kind, item));
  else await deleteDocument(db, kind, id);
}

export const REINDEX_BATCH = 500;

/** Runs `work` in one transaction (the rebuild's batches; the CLI and start-up pass the app's). */
export type InTransaction = <T>(work: (db: Kysely<DB>) => Promise<T>) => Promise<T>;

export interface ReindexReport {
  kind: SearchKind;
  /** Posts read this run (any status). */
  read: number;
  indexed: number;
}

/**
 * Rebuilds the documents of every kind, resuming an unfinished run; `restart` starts over (after
 * a change to how text is cut, say). `progress` hears each batch.
 */
export async function reindexAll(
  db: Kysely<DB>,
  inTransaction: InTransaction,
  now: () => number,
  options: { restart?: boolean; batch?: number; progress?: (kind: SearchKind, read: number, lastId: number) => void; swept?: (slices: number) => void } = {},
): Promise<ReindexReport[]> {
  const reports: ReindexReport[] = [];
  for (const kind of SEARCH_KINDS) {
    let progress = await readProgress(db, kind);
    if (options.restart || progress.done) progress = { kind, afterId: 0, done: false };
    const report: ReindexReport = { kind, read: 0, indexed: 0 };
    while (!progress.done) {
      const start = progress.afterId;
      progress = await inTransaction(async (tx) => {
        const items = await SOURCES[kind](tx, start, options.batch ?? REINDEX_BATCH);
        const lastId = items.at(-1)?.id ?? null;
        const published = items.filter((item) => item.published);
        // The range's documents are written afresh: those of items gone or no longer published
        // (or, at the end, of any beyond the last item) do not come back.
        await deleteDocumentsInRange(tx, kind, start, lastId);
        await insertDocuments(tx, published.map((item) => documentOf(kind, item)));
        report.read += items.length;
        report.indexed += published.length;
        const next = { kind, afterId: lastId ?? start, done: lastId === null };
        await writeProgress(tx, next, now());
        return next;
      });
      options.progress?.(kind, report.read, progress.afterId);
    }
    reports.push(report);
  }
  // Entries left by documents removed other than through the index's own writes (by hand, say).
  let sweep: SweepCursor | null = null;
  let slices = 0;
  do {
    const from: SweepCursor | null = sweep;
    sweep = await inTransaction((tx) => sweepIndex(tx, from));
    if (sweep !== null) options.swept?.((slices += 1));
  } while (sweep !== null);
  // PostgreSQL's statistics, MariaDB's term pages refilled (settleIndex).
  await settleIndex(db);
  return reports;
}

/** Whether a rebuild is due (an upgraded forum's first start, or an interrupted run). */
export async function reindexPending(db: Kysely<DB>): Promise<boolean> {
  for (const kind of SEARCH_KINDS) if (!(await readProgress(db, kind)).done) return true;
  return false;
}

/**
 * After search_documents was loaded as rows (a restore, issue 33): the engine's own index rebuilt
 * from them. SQLite's FTS5 (triggers) and PostgreSQL's generated tsv follow by themselves;
 * MariaDB's term rows are written here. Answers how many documents were indexed (0 elsewhere).
 */
export async function rebuildEngineIndex(db: Kysely<DB>): Promise<number> {
  return dialectOf(db) === 'mysql' ? rebuildTermRows(db) : 0;
}
