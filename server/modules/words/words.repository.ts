/** All SQL touching `forbidden_words`. */
import { sql, type Kysely } from 'kysely';
import type { DB, ForbiddenWordRow } from '../../db/schema';
import { insertReturningId, stamps } from '../../db/helpers';

export interface WordValues {
  pattern: string;
  kind: string;
  action: string;
}

/** Every word, oldest first: what each post is screened against (a site holds at most WORD_LIMITS.countMax). */
export function findAllWords(db: Kysely<DB>): Promise<ForbiddenWordRow[]> {
  return db.selectFrom('forbidden_words').selectAll().orderBy('id').execute();
}

function containing(db: Kysely<DB>, needle: string | undefined) {
  const query = db.selectFrom('forbidden_words');
  if (!needle) return query;
  // '!' escapes: a backslash would need quoting differently on MySQL than elsewhere.
  const pattern = `%${needle.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
  return query.where(sql<boolean>`lower(pattern) like ${pattern} escape '!'`);
}

/** One offset page of the list, newest first, optionally those whose pattern contains `needle`. */
export function findWordsPage(db: Kysely<DB>, needle: string | undefined, offset: number, limit: number): Promise<ForbiddenWordRow[]> {
  return containing(db, needle).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countWords(db: Kysely<DB>, needle?: string): Promise<number> {
  const row = await containing(db, needle)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findWordById(db: Kysely<DB>, id: number): Promise<ForbiddenWordRow | undefined> {
  return db.selectFrom('forbidden_words').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findWordByPattern(db: Kysely<DB>, kind: string, pattern: string): Promise<ForbiddenWordRow | undefined> {
  return db.selectFrom('forbidden_words').selectAll().where('kind', '=', kind).where('pattern', '=', pattern).executeTakeFirst();
}

export function insertWord(db: Kysely<DB>, values: WordValues, createdBy: number, now: number): Promise<number> {
  return insertReturningId(db, 'forbidden_words', { ...values, created_by: createdBy, ...stamps(now) });
}

export async function updateWord(db: Kysely<DB>, id: number, values: WordValues, now: number): Promise<boolean> {
  const result = await db.updateTable('forbidden_words').set({ ...values, update_time: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteWord(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('forbidden_words').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
