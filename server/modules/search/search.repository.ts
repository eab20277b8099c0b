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
  /** The newest document the first page's window held: later pages keep that window. */
  ceiling?: number;
}

/** A parsed query: encoded whole terms and the prefixes of the last word typed. */
export interface ParsedTerms {
  terms: readonly string[];
  prefixes: readonly string[];
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
 * subquery the page reads from.
 */
function scoredWindow(db: Kysely<DB>, query: ParsedTerms, filter: HitFilter, limit: number): RawBuilder<unknown> {
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
      return sql`select d.id as id, d.item_id as item_id, floor(ts_rank(d.tsv, q.query)::float8 * ${boost} * ${SCALE})::bigint as score
        from (select d.id, d.item_id, d.tsv, d.create_time from search_documents d, to_tsquery('simple', ${match}) as q(query)
          where d.tsv @@ q.query and ${filters(filter)} order by d.id desc limit ${limit}) d, to_tsquery('simple', ${match}) as q(query)`;
    case 'mysql':
      return sql`select d.id as id, d.item_id as item_id, cast(floor(match(d.terms) against (${match} in boolean mode) * ${boost} * ${SCALE}) as signed) as score
        from search_documents d
        where match(d.terms) against (${match} in boolean mode) and ${filters(filter)}
        order by d.id desc limit ${limit}`;
  }
}

/** A page of hits and the window's newest document (the ceiling the next pages keep). */
export interface HitPage {
  hits: Hit[];
  ceiling: number | null;
}

/** One page of hits, best first, after the cursor's `(score, id)`, within the window; one query. */
export async function findHits(db: Kysely<DB>, query: ParsedTerms, filter: HitFilter, after: readonly [score: number, id: number] | null, limit: number): Promise<HitPage> {
  const keyset = after === null ? sql`` : sql` where m.score < ${after[0]} or (m.score = ${after[0]} and m.id < ${after[1]})`;
  const { rows } = await sql<{ id: number | string; item_id: number | string; score: number | string; ceiling: number | string }>`select m.id, m.item_id, m.score, m.ceiling
    from (select w.id, w.item_id, w.score, max(w.id) over () as ceiling from (${scoredWindow(db, query, filter, RANKED_MATCHES)}) w) m${keyset}
    order by m.score desc, m.id desc limit ${limit}`.execute(db);
  return { hits: rows.map((r) => ({ id: Number(r.id), itemId: Number(r.item_id), score: Number(r.score) })), ceiling: rows.length > 0 ? Number(rows[0]!.ceiling) : null };
}

/**
 * How many posts the search ranks (at most `RANKED_MATCHES`), and whether more matched; one
 * query that stops reading one match past the window.
 */
export async function countHits(db: Kysely<DB>, query: ParsedTerms, filter: HitFilter): Promise<{ total: number; capped: boolean }> {
  const match = matchExpression(db, query.terms, query.prefixes);
  const limit = RANKED_MATCHES + 1;
  const matches = (() => {
    switch (dialectOf(db)) {
      case 'sqlite':
        return sql`select d.id from search_fts cross join search_documents d on d.id = search_fts.rowid where search_fts match ${match} and ${filters(filter)} limit ${limit}`;
      case 'postgres':
        return sql`select d.id from search_documents d where d.tsv @@ to_tsquery('simple', ${match}) and ${filters(filter)} limit ${limit}`;
      case 'mysql':
        return sql`select d.id from search_documents d where match(d.terms) against (${match} in boolean mode) and ${filters(filter)} limit ${limit}`;
    }
  })();
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${matches}) m`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return { total: Math.min(n, RANKED_MATCHES), capped: n > RANKED_MATCHES };
}

/** The documents of node `from`'s topics follow them to node `to` (the node filter of search). */
export async function moveDocumentsToNode(db: Kysely<DB>, from: number, to: number): Promise<void> {
  await db.updateTable('search_documents').set({ node_id: to }).where('node_id', '=', from).execute();
}
