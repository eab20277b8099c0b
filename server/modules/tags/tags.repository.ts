/** All SQL touching `tags` and `topic_tags`. */
import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB, TagRow } from '../../db/schema';
import { stamps } from '../../db/helpers';

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

/** Adds `delta` to the topic count of each tag. */
export async function bumpTagTopicCounts(db: Kysely<DB>, ids: readonly number[], delta: number, now: number): Promise<void> {
  if (ids.length === 0 || delta === 0) return;
  await db
    .updateTable('tags')
    .set((eb) => ({ topic_count: delta > 0 ? eb('topic_count', '+', delta) : eb('topic_count', '-', -delta), update_time: now }))
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The tags of many topics in one query, in link order. */
export async function findTagsOfTopics(db: Kysely<DB>, topicIds: readonly number[]): Promise<Array<{ topic_id: number; id: number; name: string }>> {
  if (topicIds.length === 0) return [];
  return db
    .selectFrom('topic_tags')
    .innerJoin('tags', 'tags.id', 'topic_tags.tag_id')
    .select(['topic_tags.topic_id', 'tags.id', 'tags.name'])
    .where('topic_tags.topic_id', 'in', [...new Set(topicIds)])
    .orderBy('topic_tags.id', 'asc')
    .execute();
}

export async function findTagIdsOfTopic(db: Kysely<DB>, topicId: number): Promise<number[]> {
  const rows = await db.selectFrom('topic_tags').select('tag_id').where('topic_id', '=', topicId).orderBy('id', 'asc').execute();
  return rows.map((r) => r.tag_id);
}

export async function linkTopicTags(db: Kysely<DB>, topicId: number, tagIds: readonly number[], now: number): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insertInto('topic_tags')
    .values(tagIds.map((tagId) => ({ topic_id: topicId, tag_id: tagId, ...stamps(now) })))
    .execute();
}

export async function unlinkTopicTags(db: Kysely<DB>, topicId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db.deleteFrom('topic_tags').where('topic_id', '=', topicId).where('tag_id', 'in', [...tagIds]).execute();
}
