/** All SQL touching `tags` and the tag links of the tagged kinds (`topic_tags`, `article_tags`). */
import { sql, type Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../../common/constants';
import { dialectOf } from '../../db/database';
import type { DB, TagRow } from '../../db/schema';
import { stamps } from '../../db/helpers';
import type { CountedKind } from '../../kernel/content-events';

/**
 * Each tagged kind's link table and item column, and its published-item count on `tags`. The
 * link tables share one shape, so every query below serves every kind.
 */
const TAGGED = {
  topic: { links: 'topic_tags', item: 'topic_id', count: 'topic_count', table: 'topics' },
  article: { links: 'article_tags', item: 'article_id', count: 'article_count', table: 'articles' },
} as const satisfies Record<CountedKind, { links: keyof DB; item: string; count: keyof TagRow; table: keyof DB }>;

export type TaggedKind = keyof typeof TAGGED;

/** Escapes LIKE wildcards with `!` (a backslash means different things on MySQL). */
function likePrefix(input: string): string {
  return input.replace(/[!%_]/g, (c) => `!${c}`) + '%';
}

/**
 * Tags whose names equal any of `names` regardless of case. `latest`: read the newest committed
 * rows with a locking read (MySQL's repeatable-read snapshot would hide a tag committed by a
 * concurrent transaction after this one's first read); SQLite has one writer and needs none.
 */
export async function findTagsByNames(db: Kysely<DB>, names: readonly string[], options: { latest?: boolean } = {}): Promise<TagRow[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((n) => n.toLowerCase()))];
  // MySQL: the column's collation already ignores case, and `name` (not lower(name)) can use the
  // unique index, so a locking read locks only the matching rows, not every row it scans.
  const query =
    dialectOf(db) === 'mysql'
      ? db.selectFrom('tags').selectAll().where('name', 'in', lowered)
      : db
          .selectFrom('tags')
          .selectAll()
          .where((eb) => eb(eb.fn<string>('lower', ['name']), 'in', lowered));
  return options.latest && dialectOf(db) !== 'sqlite' ? query.forUpdate().execute() : query.execute();
}

/** Inserts the tags that do not exist yet; an existing name (any case, any racing writer) is left alone. */
export async function insertTagsIfMissing(db: Kysely<DB>, names: readonly string[], now: number): Promise<void> {
  if (names.length === 0) return;
  const rows = names.map((name) => ({ name, description: '', logo: '', topic_count: 0, article_count: 0, status: 0, ...stamps(now) }));
  const query = db.insertInto('tags').values(rows);
  if (dialectOf(db) === 'mysql') await query.ignore().execute();
  else await query.onConflict((oc) => oc.doNothing()).execute();
}

/**
 * Public tags: active and carried by at least one published topic (or article). The counts only
 * count published items, so a tag created by a topic held for review (spam words, say) stays
 * out of lists, autocomplete and its page until the topic is published.
 */
function publicTags(db: Kysely<DB>) {
  return db
    .selectFrom('tags')
    .selectAll()
    .where('status', '=', 0)
    .where((eb) => eb.or([eb('topic_count', '>', 0), eb('article_count', '>', 0)]));
}

/** A public tag by id (see `publicTags`). */
export async function findPublicTagById(db: Kysely<DB>, id: number): Promise<TagRow | undefined> {
  return publicTags(db).where('id', '=', id).executeTakeFirst();
}

/** Public tags by popularity, keyset on (topic_count, id), both descending. */
export async function listTagsPage(db: Kysely<DB>, after: { count: number; id: number } | null, limit: number): Promise<TagRow[]> {
  let query = publicTags(db);
  if (after) {
    query = query.where((eb) =>
      eb.and([eb('topic_count', '<=', after.count), eb.or([eb('topic_count', '<', after.count), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('topic_count', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Public tags whose names start with `input` (regardless of case), most used first. */
export async function findTagsByPrefix(db: Kysely<DB>, input: string, limit: number): Promise<TagRow[]> {
  return publicTags(db)
    .where(sql<boolean>`lower(name) like ${likePrefix(input.toLowerCase())} escape '!'`)
    .orderBy('topic_count', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Public tags most used by published items of one kind (the article sidebar), at most `limit`. */
export async function findPopularTags(db: Kysely<DB>, kind: TaggedKind, limit: number): Promise<TagRow[]> {
  const { count } = TAGGED[kind];
  return publicTags(db).where(count, '>', 0).orderBy(count, 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Adds `delta` to each tag's count of the kind's published items. */
export async function bumpTagCounts(db: Kysely<DB>, kind: TaggedKind, ids: readonly number[], delta: number, now: number): Promise<void> {
  if (ids.length === 0 || delta === 0) return;
  const count = sql.ref(TAGGED[kind].count);
  await sql`update tags set ${count} = ${count} + ${delta}, update_time = ${now} where id in (${sql.join([...new Set(ids)])})`.execute(db);
}

/** The tags of many items of a kind in one query, in link order. */
export async function findTagsOf(db: Kysely<DB>, kind: TaggedKind, itemIds: readonly number[]): Promise<Array<{ item_id: number; id: number; name: string }>> {
  if (itemIds.length === 0) return [];
  const { links, item } = TAGGED[kind];
  const { rows } = await sql<{ item_id: number; id: number; name: string }>`
    select l.${sql.ref(item)} as item_id, t.id, t.name from ${sql.table(links)} l inner join tags t on t.id = l.tag_id
    where l.${sql.ref(item)} in (${sql.join([...new Set(itemIds)])}) order by l.id`.execute(db);
  return rows.map((row) => ({ item_id: Number(row.item_id), id: Number(row.id), name: row.name }));
}

export async function findTagIdsOf(db: Kysely<DB>, kind: TaggedKind, itemId: number): Promise<number[]> {
  const { links, item } = TAGGED[kind];
  const { rows } = await sql<{ tag_id: number }>`select tag_id from ${sql.table(links)} where ${sql.ref(item)} = ${itemId} order by id`.execute(db);
  return rows.map((row) => Number(row.tag_id));
}

export async function linkTags(db: Kysely<DB>, kind: TaggedKind, itemId: number, tagIds: readonly number[], now: number): Promise<void> {
  if (tagIds.length === 0) return;
  const { links, item } = TAGGED[kind];
  const values = sql.join(tagIds.map((tagId) => sql`(${itemId}, ${tagId}, ${now}, ${now})`));
  await sql`insert into ${sql.table(links)} (${sql.ref(item)}, tag_id, create_time, update_time) values ${values}`.execute(db);
}

export async function unlinkTags(db: Kysely<DB>, kind: TaggedKind, itemId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  const { links, item } = TAGGED[kind];
  await sql`delete from ${sql.table(links)} where ${sql.ref(item)} = ${itemId} and tag_id in (${sql.join([...tagIds])})`.execute(db);
}

// The back office (issue 17): every active tag, whether used or not.

function adminTags(db: Kysely<DB>, q: string | undefined) {
  let query = db.selectFrom('tags').where('status', '=', 0);
  if (q) query = query.where(sql<boolean>`lower(name) like ${'%' + likePrefix(q.toLowerCase())} escape '!'`);
  return query;
}

/** One offset page of active tags whose names contain `q` (any case), most used first. */
export async function findAdminTagsPage(db: Kysely<DB>, q: string | undefined, offset: number, limit: number): Promise<TagRow[]> {
  return adminTags(db, q).selectAll().orderBy('topic_count', 'desc').orderBy('article_count', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countAdminTags(db: Kysely<DB>, q: string | undefined): Promise<number> {
  const row = await adminTags(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tags by id, locked, in id order (the order post writes lock them in). */
export async function lockTags(db: Kysely<DB>, ids: readonly number[]): Promise<TagRow[]> {
  const query = db.selectFrom('tags').selectAll().where('id', 'in', [...new Set(ids)]).orderBy('id', 'asc');
  return dialectOf(db) === 'sqlite' ? query.execute() : query.forUpdate().execute();
}

export async function renameTagRow(db: Kysely<DB>, id: number, name: string, now: number): Promise<void> {
  await db.updateTable('tags').set({ name, update_time: now }).where('id', '=', id).execute();
}

/**
 * Moves every link of tag `from` to tag `into`, for one kind: an item already carrying `into`
 * loses its `from` link (no item carries a tag twice), the others' links are re-pointed. The
 * inner select is wrapped in a derived table: MySQL refuses a subquery on the table it changes.
 */
export async function moveTagLinks(db: Kysely<DB>, kind: TaggedKind, from: number, into: number, now: number): Promise<void> {
  const { links, item } = TAGGED[kind];
  const table = sql.table(links);
  const column = sql.ref(item);
  const carriers = sql`(select x.${column} from (select ${column} from ${table} where tag_id = ${into}) x)`;
  await sql`delete from ${table} where tag_id = ${from} and ${column} in ${carriers}`.execute(db);
  await sql`update ${table} set tag_id = ${into}, update_time = ${now} where tag_id = ${from}`.execute(db);
}

/** Sets a tag's counts from its links: published items of each kind carrying it (exact after a merge). */
export async function recountTag(db: Kysely<DB>, id: number, now: number): Promise<void> {
  const counts = Object.values(TAGGED).map(
    ({ links, item, count, table }) =>
      sql`${sql.ref(count)} = (select count(*) from ${sql.table(links)} l inner join ${sql.table(table)} p on p.id = l.${sql.ref(item)} where l.tag_id = ${id} and p.status = ${CONTENT_STATUS.published})`,
  );
  await sql`update tags set ${sql.join(counts)}, update_time = ${now} where id = ${id}`.execute(db);
}

/** Every tag's counts from its links (the importer's recount, issue 33): `recountTag` for all at once. */
export async function recountAllTags(db: Kysely<DB>): Promise<void> {
  const counts = Object.values(TAGGED).map(
    ({ links, item, count, table }) =>
      sql`${sql.ref(count)} = (select count(*) from ${sql.table(links)} l inner join ${sql.table(table)} p on p.id = l.${sql.ref(item)} where l.tag_id = tags.id and p.status = ${CONTENT_STATUS.published})`,
  );
  await sql`update tags set ${sql.join(counts)}`.execute(db);
}

/** Removes every link to a tag, of every kind. */
export async function deleteAllTagLinks(db: Kysely<DB>, id: number): Promise<void> {
  for (const { links } of Object.values(TAGGED)) await sql`delete from ${sql.table(links)} where tag_id = ${id}`.execute(db);
}

export async function deleteTagRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('tags').where('id', '=', id).execute();
}
