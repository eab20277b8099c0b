/**
 * Tags brought in from another forum (the importer, issue 33): a tag found or created by name (as
 * a post's tags are), the links of an imported post, and every tag's counts set afterwards.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recountAllTags } from './tags.repository';
import { relinkTags, resolveTags, type TaggedKind } from './tags.service';

/** The tag of that name here (created at `createTime` when missing); undefined for a name no tag may have. */
export async function importTag(db: Kysely<DB>, name: string, createTime: number): Promise<number | undefined> {
  const [row] = await resolveTags(db, [name], createTime);
  return row?.id;
}

/** Links an imported post to its tags (no counts move: `recountTags` sets them at the end). */
export function linkImportedTags(db: Kysely<DB>, kind: TaggedKind, itemId: number, tagIds: readonly number[], time: number): Promise<void> {
  return relinkTags(db, kind, itemId, [], [...new Set(tagIds)], time);
}

export function recountTags(db: Kysely<DB>): Promise<void> {
  return recountAllTags(db);
}
