/**
 * All SQL of the search index (`search_documents`, `search_reindex`; ADR 0015). The three engines'
 * full-text syntax lives here and only here, behind one interface: `findHits` and `countHits` take
 * a parsed query (encoded terms and prefixes, letters only, so nothing typed reaches the syntax).
 *
 * Ranking: the engine's relevance (FTS5 bm25, PostgreSQL ts_rank, InnoDB MATCH … AGAINST) times a
 * light recency boost between 1 and 1.5 (1.5 for a post written at `now`, 1.25 at 30 days old,
 * falling towards 1), scaled to a whole number. Whole numbers compare exactly on every engine,
 * so the keyset cursor `(score, id)` pages without skipping or repeating; `now` is fixed by the
 * first page and carried in the cursor, so the scores of one search never drift between pages.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

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
  await db
    .insertInto('search_documents')
    .values({ kind: doc.kind, item_id: doc.itemId, node_id: doc.nodeId, user_id: doc.userId, create_time: doc.createTime, terms: doc.terms })
    .execute();
}

/** Many documents in few statements (the rebuild), 100 rows a statement. */
export async function insertDocuments(db: Kysely<DB>, docs: readonly IndexedDocument[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 100) {
    const chunk = docs.slice(i, i + 100).map((doc) => ({ kind: doc.kind, item_id: doc.itemId, node_id: doc.nodeId, user_id: doc.userId, create_time: doc.createTime, terms: doc.terms }));
    await db.insertInto('search_documents').values(chunk).execute();
  }
}

export async function deleteDocument(db: Kysely<DB>, kind: string, itemId: number): Promise<void> {
  await db.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', '=', itemId).execute();
}

/** The rebuild: drops the documents of items in `(afterId, lastId]`, or beyond `afterId` when lastId is null. */
export async function deleteDocumentsInRange(db: Kysely<DB>, kind: string, afterId: number, lastId: number | null): Promise<void> {
  let query = db.deleteFrom('search_documents').where('kind', '=', kind).where('item_id', '>', afterId);
  if (lastId !== null) query = query.where('item_id', '<=', lastId);
  await query.execute();
}

/** Every document of a kind, by item (the tests compare a rebuilt index with the live one). */
export async function listDocuments(db: Kysely<DB>, kind: string): Promise<IndexedDocument[]> {
  const rows = await db.selectFrom('search_documents').select(['kind', 'item_id', 'node_id', 'user_id', 'create_time', 'terms']).where('kind', '=', kind).orderBy('item_id').execute();
  return rows.map((r) => ({ kind: r.kind, itemId: Number(r.item_id), nodeId: Number(r.node_id), userId: Number(r.user_id), createTime: Number(r.create_time), terms: r.terms }));
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
      return [...terms.map((t) => `+${t}`), ...prefixes.map((p) => `+${p}*`)].join(' ');
  }
}

/** The light recency boost as SQL over `d.create_time`: 1 + 0.5 · month / (month + age). */
function recency(now: number): RawBuilder<number> {
  return sql<number>`(1.0 + 0.5 * ${MONTH_MS} / (${MONTH_MS} + (case when ${now} > d.create_time then ${now} - d.create_time else 0 end)))`;
}

/** Every match with its score, filtered; an engine-specific subquery the page and the count read from. */
function scoredMatches(db: Kysely<DB>, query: { terms: readonly string[]; prefixes: readonly string[] }, filter: HitFilter): RawBuilder<unknown> {
  const match = matchExpression(db, query.terms, query.prefixes);
  const node = filter.nodeId === undefined ? sql`` : sql` and d.node_id = ${filter.nodeId}`;
  const since = filter.since === undefined ? sql`` : sql` and d.create_time >= ${filter.since}`;
  const boost = recency(filter.now);
  switch (dialectOf(db)) {
    case 'sqlite':
      // bm25 is lower for better matches; negated it grows with relevance like the others. CROSS
      // JOIN fixes the order (SQLite's rule): the full-text match first, then each hit's row. Left
      // to the planner, it may scan the documents and run the match once per row.
      return sql`select d.id as id, d.item_id as item_id, cast(-bm25(search_fts) * ${boost} * ${SCALE} as integer) as score
        from search_fts cross join search_documents d on d.id = search_fts.rowid
        where search_fts match ${match} and d.kind = ${filter.kind}${node}${since}`;
    case 'postgres':
      return sql`select d.id as id, d.item_id as item_id, floor(ts_rank(d.tsv, q.query)::float8 * ${boost} * ${SCALE})::bigint as score
        from search_documents d, to_tsquery('simple', ${match}) as q(query)
        where d.tsv @@ q.query and d.kind = ${filter.kind}${node}${since}`;
    case 'mysql':
      return sql`select d.id as id, d.item_id as item_id, cast(floor(match(d.terms) against (${match} in boolean mode) * ${boost} * ${SCALE}) as signed) as score
        from search_documents d
        where match(d.terms) against (${match} in boolean mode) and d.kind = ${filter.kind}${node}${since}`;
  }
}

/** One page of hits, best first, after the cursor's `(score, id)`; one query. */
export async function findHits(
  db: Kysely<DB>,
  query: { terms: readonly string[]; prefixes: readonly string[] },
  filter: HitFilter,
  after: readonly [score: number, id: number] | null,
  limit: number,
): Promise<Hit[]> {
  const keyset = after === null ? sql`` : sql` where m.score < ${after[0]} or (m.score = ${after[0]} and m.id < ${after[1]})`;
  const { rows } = await sql<{ id: number | string; item_id: number | string; score: number | string }>`select m.id, m.item_id, m.score from (${scoredMatches(db, query, filter)}) m${keyset}
    order by m.score desc, m.id desc limit ${limit}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), itemId: Number(r.item_id), score: Number(r.score) }));
}

/** How many posts match, with the same filters; one query. */
export async function countHits(db: Kysely<DB>, query: { terms: readonly string[]; prefixes: readonly string[] }, filter: HitFilter): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${dialectOf(db) === 'sqlite' ? sqliteMatches(db, query, filter) : scoredMatches(db, query, filter)}) m`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * SQLite's matches without a score, for counting: the match's row ids looked up by primary key
 * (about 6× faster than the scored join when most posts match, as a common word does).
 */
function sqliteMatches(db: Kysely<DB>, query: { terms: readonly string[]; prefixes: readonly string[] }, filter: HitFilter): RawBuilder<unknown> {
  const node = filter.nodeId === undefined ? sql`` : sql` and d.node_id = ${filter.nodeId}`;
  const since = filter.since === undefined ? sql`` : sql` and d.create_time >= ${filter.since}`;
  return sql`select d.id from search_documents d
    where d.id in (select rowid from search_fts where search_fts match ${matchExpression(db, query.terms, query.prefixes)}) and d.kind = ${filter.kind}${node}${since}`;
}

/** The documents of node `from`'s topics follow them to node `to` (the node filter of search). */
export async function moveDocumentsToNode(db: Kysely<DB>, from: number, to: number): Promise<void> {
  await db.updateTable('search_documents').set({ node_id: to }).where('node_id', '=', from).execute();
}
