/**
 * All SQL of the search index (`search_documents`, `search_reindex`; ADR 0015). The three engines'
 * full-text syntax lives here and only here, behind one interface: `findPage` (and its parts
 * `findHits` and `countHits`) takes a parsed query (encoded terms and prefixes, letters only, so
 * nothing typed reaches the syntax). PostgreSQL answers a page and its count in one query (ADR 0037).
 *
 * MariaDB/MySQL has no usable engine index (InnoDB FULLTEXT ranks every match before a LIMIT), so
 * it has its own term index in `search_terms` (`search.mysql.repository.ts`); `prepareQuery`
 * readies a query for it (the terms a prefix begins, the rarest word first).
 *
 * Ranking: the engine's relevance (FTS5 bm25, PostgreSQL ts_rank, the term index's saturated
 * counts) times a light recency boost between 1 and 1.5 (1.5 for a post written at `now`, 1.25 at
 * 30 days old, falling towards 1), scaled to a whole number. Whole numbers compare exactly on every engine,
 * so the keyset cursor `(score, id)` pages without skipping or repeating; `now` is fixed by the
 * first page and carried in the cursor, so the scores of one search never drift between pages.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';
import { deleteTermRows, insertTermRows, matchWindow, prepareTerms, sweepOrphanTerms, type PreparedTerms } from './search.mysql.repository';

/** What one post puts in the index. */
export interface IndexedDocument {
  kind: string;
  itemId: number;
  nodeId: number;
  userId: number;
  createTime: number;
  terms: string;
}

export interface HitFilter {
  kind: string;
  /** Topics of one node; undefined: every node. */
  nodeId?: number;
  /** Posts created at or after this time; undefined: any time. */
  since?: number;
  /** The time recency is measured from (the first page's clock). */
  now: number;
  /** The newest document the first page's window held: later pages keep that window. */
  ceiling?: number;
}

/** A parsed query: encoded whole terms and the prefixes of the last word typed. */
export interface ParsedTerms {
  terms: readonly string[];
  prefixes: readonly string[];
}

/**
 * A parsed query made ready for the engine: on MariaDB/MySQL, with the terms its prefixes begin
 * and the rarest word first (`prepareQuery`); the other engines take it as parsed.
 */
export interface PreparedQuery extends ParsedTerms {
  mysql?: PreparedTerms;
}

/** Readies a query for `findHits` and `countHits`; null when nothing can match. */
export async function prepareQuery(db: Kysely<DB>, query: ParsedTerms): Promise<PreparedQuery | null> {
  if (dialectOf(db) !== 'mysql') return query;
  const mysql = await prepareTerms(db, query.terms, query.prefixes);
  return mysql === null ? null : { ...query, mysql };
}

function mysqlTerms(query: PreparedQuery): PreparedTerms {
  if (query.mysql === undefined) throw new Error('a MySQL search needs prepareQuery first');
  return query.mysql;
}

export interface Hit {
  id: number;
  itemId: number;
  score: number;
}

const MONTH_MS = 30 * 24 * 3600 * 1000;
/** Relevance is scaled by this before rounding, so near scores stay apart. */
const SCALE = 1_000_000;

/**
 * Writes (or rewrites) one post's document: delete, then insert. Two statements, yet the same on
 * every engine (MySQL's affected-rows count of an UPDATE skips unchanged rows, so "update, else
 * insert" would need a third).
 */
export async function replaceDocument(db: Kysely<DB>, doc: IndexedDocument): Promise<void> {
  await deleteDocument(db, doc.kind, doc.itemId);
  await insertDocument(db, doc);
}

/** Inserts a new post's document (it cannot be there yet). */
export async function insertDocument(db: Kysely<DB>, doc: IndexedDocument): Promise<void> {
  const result = await db
    .insertInto('search_documents')
    .values({ kind: doc.kind, item_id: doc.itemId, node_id: doc.nodeId, user_id: doc.userId, create_time: doc.createTime, terms: doc.terms })
    .executeTakeFirst();
  if (dialectOf(db) === 'mysql') await insertTermRows(db, [{ id: Number(result.insertId), terms: doc.terms }]);
}

/** Many documents in few statements (the rebuild), 100 rows a statement. */
export async function insertDocuments(db: Kysely<DB>, docs: readonly IndexedDocument[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 100) {
    const chunk = docs.slice(i, i + 100).map((doc) => ({ kind: doc.kind, item_id: doc.itemId, node_id: doc.nodeId, user_id: doc.userId, create_time: doc.createTime, terms: doc.terms }));
    await db.insertInto('search_documents').values(chunk).execute();
  }
  if (dialectOf(db) === 'mysql' && docs.length > 0) await insertTermRows(db, await withDocumentIds(db, docs));
}

/** MariaDB/MySQL: the documents just written, with the ids they were given (one query a kind). */
async function withDocumentIds(db: Kysely<DB>, docs: readonly IndexedDocument[]): Promise<{ id: number; terms: string }[]> {
  const out: { id: number; terms: string }[] = [];
  for (const kind of new Set(docs.map((doc) => doc.kind))) {
    const ofKind = docs.filter((doc) => doc.kind === kind);
    const rows = await db.selectFrom('search_documents').select(['id', 'item_id']).where('kind', '=', kind).where('item_id', 'in', ofKind.map((doc) => doc.itemId)).execute();
    const ids = new Map(rows.map((r) => [Number(r.item_id), Number(r.id)]));
    for (const doc of ofKind) out.push({ id: ids.get(doc.itemId)!, terms: doc.terms });
  }
  return out;
}

/** MariaDB/MySQL: the ids and stored terms of some documents (to write or drop their term rows). */
async function documentTerms(
  db: Kysely<DB>,
  where: (query: SelectQueryBuilder<DB, 'search_documents', object>) => SelectQueryBuilder<DB, 'search_documents', object>,
): Promise<{ id: number; terms: string }[]> {
  const rows = await where(db.selectFrom('search_documents')).select(['id', 'terms']).execute();
  return rows.map((r) => ({ id: Number(r.id), terms: r.terms }));
}

export async function deleteDocument(db: Kysely<DB>, kind: string, itemId: number): Promise<void> {
  if (dialectOf(db) === 'mysql') await deleteTermRows(db, await documentTerms(db, (q) => q.where('kind', '=', kind).where('item_id', '=', itemId)));
  await db.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', '=', itemId).execute();
}

/** The rebuild: drops the documents of items in `(afterId, lastId]`, or beyond `afterId` when lastId is null. */
export async function deleteDocumentsInRange(db: Kysely<DB>, kind: string, afterId: number, lastId: number | null): Promise<void> {
  if (dialectOf(db) === 'mysql') {
    const docs = await documentTerms(db, (q) => {
      const inRange = q.where('kind', '=', kind).where('item_id', '>', afterId);
      return lastId === null ? inRange : inRange.where('item_id', '<=', lastId);
    });
    await deleteTermRows(db, docs);
  }
  let query = db.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', '>', afterId);
  if (lastId !== null) query = query.where('item_id', '<=', lastId);
  await query.execute();
}

/** Every document of a kind, by item (the tests compare a rebuilt index with the live one). */
export async function listDocuments(db: Kysely<DB>, kind: string): Promise<IndexedDocument[]> {
  const rows = await db.selectFrom('search_documents').select(['kind', 'item_id', 'node_id', 'user_id', 'create_time', 'terms']).where('kind', '=', kind).orderBy('item_id').execute();
  return rows.map((r) => ({ kind: r.kind, itemId: Number(r.item_id), nodeId: Number(r.node_id), userId: Number(r.user_id), createTime: Number(r.create_time), terms: r.terms }));
}

/** Where the next slice of `sweepIndex` starts. */
export type SweepCursor = { term: string; docId: number };

/**
 * Drops index entries whose document is gone, one slice a call (null: done). Only MariaDB/MySQL
 * can have such entries (its own term index); the engines' indexes follow their table themselves.
 */
export async function sweepIndex(db: Kysely<DB>, after: SweepCursor | null): Promise<SweepCursor | null> {
  return dialectOf(db) === 'mysql' ? sweepOrphanTerms(db, after) : null;
}

export interface ReindexProgress {
  kind: string;
  afterId: number;
  done: boolean;
}

export async function readProgress(db: Kysely<DB>, kind: string): Promise<ReindexProgress> {
  const row = await db.selectFrom('search_reindex').selectAll().where('kind', '=', kind).executeTakeFirst();
  return row ? { kind, afterId: Number(row.after_id), done: row.done === 1 } : { kind, afterId: 0, done: false };
}

export async function writeProgress(db: Kysely<DB>, progress: ReindexProgress, now: number): Promise<void> {
  const values = { after_id: progress.afterId, done: progress.done ? 1 : 0, update_time: now };
  const updated = await db.updateTable('search_reindex').set(values).where('kind', '=', progress.kind).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  const exists = await db.selectFrom('search_reindex').select('kind').where('kind', '=', progress.kind).executeTakeFirst();
  if (!exists) await db.insertInto('search_reindex').values({ kind: progress.kind, ...values }).execute();
}

/** The query in the engine's syntax; the terms are letters only (`encodeTerm`), so joining them is safe. */
function matchExpression(db: Kysely<DB>, terms: readonly string[], prefixes: readonly string[]): string {
  switch (dialectOf(db)) {
    case 'sqlite':
      return [...terms, ...prefixes.map((p) => `${p}*`)].join(' ');
    case 'postgres':
      return [...terms, ...prefixes.map((p) => `${p}:*`)].join(' & ');
    case 'mysql':
      // No syntax: MariaDB/MySQL reads its own term index with the prepared groups.
      return '';
  }
}

/** The light recency boost as SQL over `d.create_time`: 1 + 0.5 · month / (month + age). */
function recency(now: number): RawBuilder<number> {
  return sql<number>`(1.0 + 0.5 * ${MONTH_MS} / (${MONTH_MS} + (case when ${now} > d.create_time then ${now} - d.create_time else 0 end)))`;
}

/**
 * How many matches a search ranks: the newest this many (by document, so an edited post counts as
 * new). Relevance costs the engine work per match (bm25, ts_rank, MATCH scoring), and a common
 * word matches most of the forum; ranking a bounded window keeps every search's cost flat as the
 * forum grows, and the recency boost favours the newest anyway. The count stops here too.
 */
export const RANKED_MATCHES = 1000;

/** Filters shared by the window and the count, as SQL over `d`. */
function filters(filter: HitFilter): RawBuilder<unknown> {
  const node = filter.nodeId === undefined ? sql`` : sql` and d.node_id = ${filter.nodeId}`;
  const since = filter.since === undefined ? sql`` : sql` and d.create_time >= ${filter.since}`;
  const ceiling = filter.ceiling === undefined ? sql`` : sql` and d.id <= ${filter.ceiling}`;
  return sql`d.kind = ${filter.kind}${node}${since}${ceiling}`;
}

/**
 * The ranked window: the newest `limit` matches (filtered) with their scores; an engine-specific
 * subquery the page reads from (SQLite and MariaDB; PostgreSQL's page is `postgresPage`).
 */
function scoredWindow(db: Kysely<DB>, query: PreparedQuery, filter: HitFilter, limit: number): RawBuilder<unknown> {
  const match = matchExpression(db, query.terms, query.prefixes);
  const boost = recency(filter.now);
  switch (dialectOf(db)) {
    case 'sqlite':
      // bm25 is lower for better matches; negated it grows with relevance like the others. CROSS
      // JOIN fixes the order (SQLite's rule): the full-text match first, walked newest first (FTS5
      // serves rowid order itself), then each hit's row; bm25 runs only for the window's rows.
      return sql`select d.id as id, d.item_id as item_id, cast(-bm25(search_fts) * ${boost} * ${SCALE} as integer) as score
        from search_fts cross join search_documents d on d.id = search_fts.rowid
        where search_fts match ${match} and ${filters(filter)}
        order by search_fts.rowid desc limit ${limit}`;
    case 'postgres':
      throw new Error('PostgreSQL pages through postgresPage');
    case 'mysql':
      // The term index walked newest first (search.mysql.repository.ts): its relevance × recency.
      return sql`select d.id as id, d.item_id as item_id, cast(floor(d.relevance * ${boost} * ${SCALE}) as signed) as score
        from (${matchWindow(mysqlTerms(query), filters(filter), filter.ceiling, limit)}) d`;
  }
}

/** A page of hits (best first), with what the count tells: how many the window holds, and its ceiling. */
export interface HitPage {
  hits: Hit[];
  /** How many posts the search ranks (at most `RANKED_MATCHES`). */
  total: number;
  /** More matched than the window holds. */
  capped: boolean;
  /** The window's newest document (null: no match), which later pages keep as their ceiling. */
  ceiling: number | null;
}

type Keyset = readonly [score: number, id: number];

function keysetAfter(after: Keyset | null): RawBuilder<unknown> {
  return after === null ? sql`` : sql` where m.score < ${after[0]} or (m.score = ${after[0]} and m.id < ${after[1]})`;
}

/**
 * One page of hits, best first, after the cursor's `(score, id)`, within the window, and the
 * search's count. PostgreSQL: one query (`postgresPage`); SQLite and MariaDB: the page and the
 * count side by side (both read their matches newest first, so the count tells the ceiling).
 */
export async function findPage(db: Kysely<DB>, query: PreparedQuery, filter: HitFilter, after: Keyset | null, limit: number): Promise<HitPage> {
  if (dialectOf(db) === 'postgres') return postgresPage(db, query, filter, after, limit);
  const [hits, count] = await Promise.all([findHits(db, query, filter, after, limit), countHits(db, query, filter)]);
  return { hits, ...count };
}

/** One page of hits, best first, after the cursor's `(score, id)`, within the window (SQLite, MariaDB). */
export async function findHits(db: Kysely<DB>, query: PreparedQuery, filter: HitFilter, after: Keyset | null, limit: number): Promise<Hit[]> {
  if (dialectOf(db) === 'postgres') return (await postgresPage(db, query, filter, after, limit)).hits;
  const { rows } = await sql<{ id: number | string; item_id: number | string; score: number | string }>`select m.*
    from (${scoredWindow(db, query, filter, RANKED_MATCHES)}) m${keysetAfter(after)}
    order by m.score desc, m.id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), itemId: Number(r.item_id), score: Number(r.score) }));
}

/**
 * PostgreSQL's page and count in one query (ADR 0037). The walk reads the newest `RANKED_MATCHES + 1`
 * matches once, into a materialised CTE, ranking each as it passes (`ts_rank` on the row the
 * filter just read); the page, the count and the ceiling all read that CTE. With statistics the
 * planner walks the primary key backwards and tests each row's `tsv` for a common word (1,000
 * matches within a few thousand rows), and reads the GIN index for a rare one (few matches to
 * fetch). Either way each row's `tsv` must be at hand: it is kept in the row (storage MAIN,
 * migration 2026120501_search_query_shape), not in TOAST, where each test paid an index lookup.
 * The count was a second walk (in heap order, oldest first, so it could not give the ceiling).
 */
async function postgresPage(db: Kysely<DB>, query: PreparedQuery, filter: HitFilter, after: Keyset | null, limit: number): Promise<HitPage> {
  const match = matchExpression(db, query.terms, query.prefixes);
  const boost = sql`(1.0 + 0.5 * ${MONTH_MS} / (${MONTH_MS} + (case when ${filter.now} > w.create_time then ${filter.now} - w.create_time else 0 end)))`;
  // The count's row is always there (left join): a page past the last hit still tells the count.
  const { rows } = await sql<{ id: number | string | null; item_id: number | string | null; score: number | string | null; n: number | string; ceiling: number | string | null }>`with w as materialized (
      select d.id, d.item_id, d.create_time, ts_rank(d.tsv, q.query) as rank
      from search_documents d, to_tsquery('simple', ${match}) as q(query)
      where d.tsv @@ q.query and ${filters(filter)} order by d.id desc limit ${RANKED_MATCHES + 1})
    select m.id, m.item_id, m.score, c.n, c.ceiling
    from (select count(*) as n, max(w.id) as ceiling from w) c
    left join (select w.id, w.item_id, floor(w.rank::float8 * ${boost} * ${SCALE})::bigint as score
      from (select * from w order by w.id desc limit ${RANKED_MATCHES}) w) m
      on ${after === null ? sql`true` : sql`(m.score < ${after[0]} or (m.score = ${after[0]} and m.id < ${after[1]}))`}
    order by m.score desc, m.id desc limit ${limit}`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  const ceiling = rows[0]?.ceiling;
  const hits = rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), itemId: Number(r.item_id), score: Number(r.score) }));
  return { hits, total: Math.min(n, RANKED_MATCHES), capped: n > RANKED_MATCHES, ceiling: ceiling === null || ceiling === undefined ? null : Number(ceiling) };
}

/** How many posts a search ranks, whether more matched, and the window's ceiling. */
export interface HitCount {
  /** At most `RANKED_MATCHES`. */
  total: number;
  capped: boolean;
  /** The newest matching document (null: no match). */
  ceiling: number | null;
}

/** The count of a search: one query that stops reading one match past the window (PostgreSQL: its page query). */
export async function countHits(db: Kysely<DB>, query: PreparedQuery, filter: HitFilter): Promise<HitCount> {
  if (dialectOf(db) === 'postgres') {
    const { total, capped, ceiling } = await postgresPage(db, query, filter, null, 1);
    return { total, capped, ceiling };
  }
  const match = matchExpression(db, query.terms, query.prefixes);
  const limit = RANKED_MATCHES + 1;
  const matches =
    dialectOf(db) === 'sqlite'
      ? sql`select d.id as id from search_fts cross join search_documents d on d.id = search_fts.rowid where search_fts match ${match} and ${filters(filter)} order by search_fts.rowid desc limit ${limit}`
      : sql`select m.id from (${matchWindow(mysqlTerms(query), filters(filter), filter.ceiling, limit)}) m`;
  const { rows } = await sql<{ n: number | string; ceiling: number | string | null }>`select count(*) as n, max(m.id) as ceiling from (${matches}) m`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  const ceiling = rows[0]?.ceiling;
  return { total: Math.min(n, RANKED_MATCHES), capped: n > RANKED_MATCHES, ceiling: ceiling === null || ceiling === undefined ? null : Number(ceiling) };
}

/**
 * The end of a rebuild. PostgreSQL: fresh statistics — its planner picks the walk (a common word)
 * or the GIN index (a rare one) from the frequencies of the `tsv` lexemes, and before the first
 * ANALYZE it had none (it intersected the GIN bitmap with every document of the kind: 0.9 s a
 * search on a rebuilt 100k-post forum). MariaDB/MySQL: the term table rebuilt in key order
 * (OPTIMIZE, online: writes go on meanwhile), so its compressed pages are full — the rebuild's
 * batches insert into every term's range and leave pages split half-empty (ADR 0037). SQLite's
 * FTS5 keeps its own.
 */
export async function settleIndex(db: Kysely<DB>): Promise<void> {
  switch (dialectOf(db)) {
    case 'postgres':
      await sql`analyze search_documents`.execute(db);
      break;
    case 'mysql':
      await sql`optimize table search_terms`.execute(db);
      break;
    case 'sqlite':
      break;
  }
}

/** The documents of node `from`'s topics follow them to node `to` (the node filter of search). */
export async function moveDocumentsToNode(db: Kysely<DB>, from: number, to: number): Promise<void> {
  await db.updateTable('search_documents').set({ node_id: to }).where('node_id', '=', from).execute();
}
