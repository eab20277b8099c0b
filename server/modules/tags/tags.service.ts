/** Tags: created on first use, unique regardless of case, counted per published topic and article. */
import type { Kysely } from 'kysely';
import { TOPIC_LIMITS } from '../../../common/constants';
import type { DB, TagRow } from '../../db/schema';
import { decodePairCursor, encodeCursor, type Page } from '../../kernel/paging';
import { findPopularTags, findPublicTagById, findTagIdsOf, findTagsByNames, findTagsByPrefix, findTagsOf, insertTagsIfMissing, linkTags, listTagsPage, unlinkTags, type TaggedKind } from './tags.repository';

export type { TaggedKind };

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase() || a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;
}

/**
 * The tag rows for `names` (already normalized and de-duplicated), in the same order, creating
 * the missing ones. Two names the database considers equal map to one tag, so the answer may be
 * shorter than the input.
 */
export async function resolveTags(db: Kysely<DB>, names: readonly string[], now: number): Promise<TagRow[]> {
  if (names.length === 0) return [];
  let rows = await findTagsByNames(db, names);
  // Sorted, so two posts creating the same new tags lock them in the same order.
  const missing = names.filter((name) => !rows.some((row) => sameName(row.name, name))).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  if (missing.length > 0) {
    await insertTagsIfMissing(db, missing, now);
    // A locking read sees a tag another transaction committed meanwhile (MySQL's snapshot would not).
    rows = await findTagsByNames(db, names, { latest: true });
  }
  const result: TagRow[] = [];
  for (const name of names) {
    const row = rows.find((r) => r.name.toLowerCase() === name.toLowerCase()) ?? rows.find((r) => sameName(r.name, name));
    if (row && !result.some((r) => r.id === row.id)) result.push(row);
  }
  return result;
}

/** A tag readers may see (tag/{id}, its feeds and pages): active and used by a published topic or article. */
export async function findPublicTag(db: Kysely<DB>, id: number): Promise<TagRow | undefined> {
  return findPublicTagById(db, id);
}

/** Tags by popularity, keyset paged. */
export async function listTags(db: Kysely<DB>, cursor: string | undefined, limit: number = TOPIC_LIMITS.pageSize): Promise<Page<TagRow>> {
  const after = decodePairCursor(cursor);
  const rows = await listTagsPage(db, after ? { count: after[0], id: after[1] } : null, limit + 1);
  const hasMore = rows.length > limit;
  const results = rows.slice(0, limit);
  const last = results.at(-1);
  return { results, hasMore, cursor: last ? encodeCursor([last.topic_count, last.id]) : (cursor ?? '') };
}

export async function autocompleteTags(db: Kysely<DB>, input: string): Promise<TagRow[]> {
  if (!input) return [];
  return findTagsByPrefix(db, input, TOPIC_LIMITS.autocompleteMax);
}

/** The tags of many items of a kind, in link order: a page's tags in one query. */
export function tagsOf(db: Kysely<DB>, kind: TaggedKind, itemIds: readonly number[]): Promise<Array<{ item_id: number; id: number; name: string }>> {
  return findTagsOf(db, kind, itemIds);
}

/** The ids of one item's tags. */
export function tagIdsOf(db: Kysely<DB>, kind: TaggedKind, itemId: number): Promise<number[]> {
  return findTagIdsOf(db, kind, itemId);
}

/** Public tags most used by published items of a kind (the article sidebar). */
export function popularTags(db: Kysely<DB>, kind: TaggedKind, limit: number): Promise<TagRow[]> {
  return findPopularTags(db, kind, limit);
}

/** An item's tag links (a new item's: `before` empty): the tags it left unlinked, the new ones linked, the rest untouched. */
export async function relinkTags(db: Kysely<DB>, kind: TaggedKind, itemId: number, before: readonly number[], after: readonly number[], now: number): Promise<void> {
  await unlinkTags(
    db,
    kind,
    itemId,
    before.filter((id) => !after.includes(id)),
  );
  await linkTags(
    db,
    kind,
    itemId,
    after.filter((id) => !before.includes(id)),
    now,
  );
}
