/**
 * MariaDB/MySQL's search index (ADR 0015, "MariaDB's term index"): our own inverted index in
 * `search_terms`, one row per (encoded term, document) with the term's count in the document.
 *
 * Why not InnoDB FULLTEXT: in boolean mode it builds a query's whole match set, ranked, before
 * any LIMIT — 1.7 s a search on 100k posts whose words are common. The primary key (term, doc_id)
 * instead lets a search walk one term's documents newest first and stop once the window (the
 * newest `RANKED_MATCHES` matches) is full, probing the query's other terms by primary key.
 *
 * A query is a list of groups, each of which a document must match:
 *   - a whole term: a group of that one term;
 *   - a prefix (the word being typed, a lone Han character): the terms it begins, read from the
 *     index first (`prepareTerms`); a prefix beginning more than `PREFIX_TERMS` terms is "broad"
 *     and matched against the document's stored terms with LIKE instead (slower, still exact).
 * The group expected to match fewest documents (a bounded count of each) drives the walk.
 *
 * Ranking: per group, a saturating term frequency tf / (tf + 1.2) (BM25's shape, without the
 * inverse document frequency: every document of the window matches every group), summed, times
 * the recency boost. Title words count twice (the document holds them twice).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';

/** A prefix beginning more terms than this is matched by LIKE, not by its terms. */
export const PREFIX_TERMS = 16;
/** A bounded count per group is enough to pick the rarest (and cheap: at most this many index rows). */
const ESTIMATE_LIMIT = 1001;
/** The term frequency's saturation (BM25's k1). */
const K1 = 1.2;

/** What a document must match, one of the query's words. */
export interface TermGroup {
  /** Encoded terms, any of which matches (one for a whole word). Empty for a broad prefix. */
  terms: string[];
  /** A broad prefix: matched by LIKE on the document's terms. */
  broadPrefix?: string;
}

/** A query made ready for this index: its groups, the driver first. */
export interface PreparedTerms {
  groups: TermGroup[];
}

/** A term and its count in one document's terms (title terms appear twice). */
export function termFrequencies(terms: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms.split(' ')) if (term !== '') counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** A term's count is stored up to this (a tinyint; its saturated frequency is 0.995 there). */
const TF_MAX = 255;

/**
 * Writes the term rows of documents, 5,000 rows a statement, in key order (each term's rows go to
 * the right edge of its range, and sorted they reach each page once).
 */
export async function insertTermRows(db: Kysely<DB>, docs: readonly { id: number; terms: string }[]): Promise<void> {
  const rows = docs.flatMap((doc) => [...termFrequencies(doc.terms)].map(([term, tf]) => ({ term, doc_id: doc.id, tf: Math.min(tf, TF_MAX) })));
  rows.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.doc_id - b.doc_id));
  for (let i = 0; i < rows.length; i += 5000) await db.insertInto('search_terms').values(rows.slice(i, i + 5000)).execute();
}

/**
 * Drops the term rows of documents, found from their stored terms: each (term, doc_id) is a
 * primary-key point, so no index on doc_id is needed. 20 documents a statement.
 */
export async function deleteTermRows(db: Kysely<DB>, docs: readonly { id: number; terms: string }[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 20) {
    const clauses = docs.slice(i, i + 20).flatMap((doc) => {
      const terms = [...termFrequencies(doc.terms).keys()];
      return terms.length === 0 ? [] : [sql`(doc_id = ${doc.id} and term in (${sql.join(terms)}))`];
    });
    if (clauses.length > 0) await sql`delete from search_terms where ${sql.join(clauses, sql` or `)}`.execute(db);
  }
}

/**
 * Every term row with the post its document is of (null for a row whose document is gone), sorted
 * (the tests compare a rebuilt index with the live one: document ids change in a rebuild).
 */
export async function listTermRows(db: Kysely<DB>): Promise<{ post: string | null; term: string; tf: number }[]> {
  const rows = await db.selectFrom('search_terms as t').leftJoin('search_documents as d', 'd.id', 't.doc_id').select(['t.term', 't.tf', 'd.kind', 'd.item_id']).execute();
  const out = rows.map((r) => ({ post: r.kind === null ? null : `${r.kind}:${r.item_id}`, term: r.term, tf: Number(r.tf) }));
  return out.sort((a, b) => (a.post ?? '').localeCompare(b.post ?? '') || a.term.localeCompare(b.term));
}

/**
 * Drops the term rows of documents that are gone (removed other than through this module, which
 * drops their rows with them), one slice of the primary key at a time, on the server: a locking
 * scan of the whole table would hold up every post written meanwhile, and the rows need not
 * travel. Answers where the next slice starts, or null at the end.
 */
export async function sweepOrphanTerms(db: Kysely<DB>, after: { term: string; docId: number } | null, slice = 20_000): Promise<{ term: string; docId: number } | null> {
  const from = after === null ? sql`1 = 1` : sql`(t.term > ${after.term} or (t.term = ${after.term} and t.doc_id > ${after.docId}))`;
  const { rows } = await sql<{ term: string; doc_id: number | string }>`select t.term, t.doc_id from search_terms t where ${from}
    order by t.term, t.doc_id limit 1 offset ${slice - 1}`.execute(db);
  const end = rows[0];
  const upTo = end === undefined ? sql`` : sql` and (t.term < ${end.term} or (t.term = ${end.term} and t.doc_id <= ${Number(end.doc_id)}))`;
  await sql`delete t from search_terms t left join search_documents d force index (search_documents_walk) on d.id = t.doc_id
    where ${from}${upTo} and d.id is null`.execute(db);
  return end === undefined ? null : { term: end.term, docId: Number(end.doc_id) };
}

/**
 * Reads what the query's prefixes begin and picks the driver: at most two queries (the prefixes'
 * terms, then a bounded count per group when there is a choice). Answers null when nothing can
 * match (a prefix that begins no term).
 */
export async function prepareTerms(db: Kysely<DB>, terms: readonly string[], prefixes: readonly string[]): Promise<PreparedTerms | null> {
  const groups: TermGroup[] = terms.map((term) => ({ terms: [term] }));
  if (prefixes.length > 0) {
    const expansions = await expandPrefixes(db, prefixes);
    for (const [i, prefix] of prefixes.entries()) {
      const found = expansions.get(i) ?? [];
      if (found.length === 0) return null;
      groups.push(found.length > PREFIX_TERMS ? { terms: [], broadPrefix: prefix } : { terms: found });
    }
  }
  return { groups: await driverFirst(db, groups) };
}

/** The terms each prefix begins (up to one past the limit, which marks it broad); one query. */
async function expandPrefixes(db: Kysely<DB>, prefixes: readonly string[]): Promise<Map<number, string[]>> {
  // GROUP BY term over the primary key is a loose index scan: one dive per distinct term.
  const parts = prefixes.map((prefix, i) => sql`(select term, ${i} as g from search_terms where term like ${`${prefix}%`} group by term limit ${PREFIX_TERMS + 1})`);
  const { rows } = await sql<{ term: string; g: number | string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  const out = new Map<number, string[]>();
  for (const row of rows) {
    const list = out.get(Number(row.g)) ?? [];
    list.push(row.term);
    out.set(Number(row.g), list);
  }
  return out;
}

/** The groups with the likely rarest first: a bounded count of each group's rows (one query). */
async function driverFirst(db: Kysely<DB>, groups: TermGroup[]): Promise<TermGroup[]> {
  const counted = groups.filter((g) => g.terms.length > 0);
  if (counted.length < 2) return [...counted, ...groups.filter((g) => g.terms.length === 0)];
  const columns = counted.map((g, i) => sql`(select count(*) from (select 1 from search_terms where term in (${sql.join(g.terms)}) limit ${ESTIMATE_LIMIT}) c) as ${sql.ref(`g${i}`)}`);
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join(columns)}`.execute(db);
  const estimate = (i: number): number => Number(rows[0]?.[`g${i}`] ?? 0);
  const order = counted.map((group, i) => ({ group, n: estimate(i) })).sort((a, b) => a.n - b.n || a.group.terms.length - b.group.terms.length);
  return [...order.map((o) => o.group), ...groups.filter((g) => g.terms.length === 0)];
}

/** The saturating frequency of a group, as SQL over a sum of counts. */
function saturate(tf: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(${tf}) / ((${tf}) + ${K1})`;
}

/**
 * The newest `limit` documents matching every group (with `filters` over `d`), each with the
 * parts of its score: `tf` (the driver group's count) and `rest` (the other groups' saturated
 * frequencies). One walk of the driver's postings per driver term, newest first.
 */
export function matchWindow(prepared: PreparedTerms, filters: RawBuilder<unknown>, ceiling: number | undefined, limit: number): RawBuilder<unknown> {
  const [driver, ...others] = prepared.groups;
  if (driver === undefined) throw new Error('a prepared query has at least one group');
  const joins: RawBuilder<unknown>[] = [];
  const conditions: RawBuilder<unknown>[] = [];
  const restParts: RawBuilder<unknown>[] = [];
  others.forEach((group, g) => {
    if (group.broadPrefix !== undefined) {
      // The prefix begins too many terms to probe each: look in the document's own terms.
      conditions.push(sql`concat(' ', d.terms) like ${`% ${group.broadPrefix}%`}`);
      restParts.push(sql`${1 / (1 + K1)}`);
      return;
    }
    const aliases = group.terms.map((term, j) => {
      const alias = `g${g}t${j}`;
      // A single term must be there (inner join); a prefix's terms, any of them (left joins).
      const kind = group.terms.length === 1 ? sql`join` : sql`left join`;
      joins.push(sql`${kind} search_terms ${sql.ref(alias)} on ${sql.ref(`${alias}.term`)} = ${term} and ${sql.ref(`${alias}.doc_id`)} = t.doc_id`);
      return alias;
    });
    if (aliases.length > 1) conditions.push(sql`(${sql.join(aliases.map((a) => sql`${sql.ref(`${a}.doc_id`)} is not null`), sql` or `)})`);
    restParts.push(saturate(sql.join(aliases.map((a) => sql`coalesce(${sql.ref(`${a}.tf`)}, 0)`), sql` + `)));
  });
  const rest = restParts.length === 0 ? sql`0` : sql.join(restParts, sql` + `);
  // `filters` bounds `d.id` already; bounding `t.doc_id` as well lets the walk start at the ceiling on the key.
  const ceilingCondition = ceiling === undefined ? sql`` : sql` and t.doc_id <= ${ceiling}`;
  const extra = conditions.length === 0 ? sql`` : sql` and ${sql.join(conditions, sql` and `)}`;
  // The walk reads the narrow copy of the documents unless a broad prefix needs their terms.
  const narrow = others.some((group) => group.broadPrefix !== undefined) ? sql`` : sql`force index (search_documents_walk)`;
  // One term's walk needs no grouping (a document holds a term once), and grouping could cost it
  // the index order; a range of terms is grouped by document.
  const walk = (termCondition: RawBuilder<unknown>, grouped: boolean) => {
    const columns = grouped
      ? sql`max(d.item_id) as item_id, max(d.create_time) as create_time, sum(t.tf) as tf, max(${rest}) as rest`
      : sql`d.item_id as item_id, d.create_time as create_time, t.tf as tf, ${rest} as rest`;
    return sql`(select straight_join t.doc_id as doc_id, ${columns}
      from search_terms t ${sql.join(joins, sql` `)} join search_documents d ${narrow} on d.id = t.doc_id
      where ${termCondition}${ceilingCondition} and ${filters}${extra}${grouped ? sql` group by t.doc_id` : sql``}
      order by t.doc_id desc limit ${limit})`;
  };
  // A broad prefix drives by its whole range of terms: a document holding several of them is one
  // row, and the range is sorted (no index order covers it).
  const walks = driver.broadPrefix !== undefined ? [walk(sql`t.term like ${`${driver.broadPrefix}%`}`, true)] : driver.terms.map((term) => walk(sql`t.term = ${term}`, false));
  // A document holding several of the driver's terms comes from several walks: one row, its counts summed.
  return sql`select w.doc_id as id, max(w.item_id) as item_id, max(w.create_time) as create_time, ${saturate(sql`sum(w.tf)`)} + max(w.rest) as relevance
    from (${sql.join(walks, sql` union all `)}) w group by w.doc_id order by w.doc_id desc limit ${limit}`;
}

/**
 * Rebuilds every term row from the documents (a restore loads search_documents as rows; this
 * engine's own index follows from them), in batches by document id.
 */
export async function rebuildTermRows(db: Kysely<DB>, batch = 500): Promise<number> {
  await sql`delete from search_terms`.execute(db);
  let after = 0;
  let done = 0;
  for (;;) {
    const docs = await db.selectFrom('search_documents').select(['id', 'terms']).where('id', '>', after).orderBy('id').limit(batch).execute();
    if (docs.length === 0) return done;
    await insertTermRows(db, docs.map((d) => ({ id: Number(d.id), terms: d.terms })));
    done += docs.length;
    after = Number(docs[docs.length - 1]!.id);
  }
}
