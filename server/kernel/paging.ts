/**
 * Keyset paging, once for every list: one `Page<T>` shape, one cursor codec (the sort key of a
 * page's last item, e.g. `[lastCommentTime, id]`, as base64url JSON: opaque to clients, a
 * malformed one is a 400 on field `cursor`), and `pageOf`, which every list uses to cut the
 * `limit + 1` rows it read into a page. The last page carries no cursor.
 */
import type { Page } from '../../common/views/page';
import { errors } from '../infra/errors';

// The page shape lives in common/views (the pages read it too); named here for the server's imports.
export type { Page };

export const EMPTY_PAGE: Page<never> = Object.freeze({ results: [], cursor: '', hasMore: false }) as Page<never>;

export function encodeCursor(key: readonly number[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key of `length` integers, null for no cursor (first page), 400 for a malformed one. */
function decodeKey(cursor: string | undefined, length: number): number[] | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('bad');
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === length && value.every((n) => Number.isSafeInteger(n))) return value as number[];
  } catch {
    // fall through to the validation error
  }
  throw errors.validation({ cursor: 'topic.validation.cursorInvalid' });
}

/** A `[sortValue, id]` cursor, or null for the first page. */
export function decodePairCursor(cursor: string | undefined): [number, number] | null {
  const key = decodeKey(cursor, 2);
  return key ? [key[0]!, key[1]!] : null;
}

/** A `[sortValue, rank, id]` cursor (lists merging several tables, `rank` naming the table), or null for the first page. */
export function decodeTripleCursor(cursor: string | undefined): [number, number, number] | null {
  const key = decodeKey(cursor, 3);
  return key ? [key[0]!, key[1]!, key[2]!] : null;
}

/** An `[id]` cursor, or null for the first page. */
export function decodeIdCursor(cursor: string | undefined): number | null {
  const key = decodeKey(cursor, 1);
  return key ? key[0]! : null;
}

/**
 * A page from the `limit + 1` rows a keyset query read: the first `limit`, whether there were
 * more, and (only then) the cursor made of the last row's key. `keyOf` answers the sort key the
 * query pages by (`[id]`, or `[sortValue, id]`).
 */
export function pageOf<R>(rows: readonly R[], limit: number, keyOf: (row: R) => readonly number[]): Page<R> {
  const hasMore = rows.length > limit;
  const results = rows.slice(0, limit);
  const last = results.at(-1);
  return { results, hasMore, cursor: hasMore && last !== undefined ? encodeCursor(keyOf(last)) : '' };
}

/** A page of a list keyed by id alone, newest first: `read` gets the last id seen (null: the first page) and how many rows to read. */
export async function pageById<R extends { id: number }>(cursor: string | undefined, limit: number, read: (afterId: number | null, count: number) => Promise<R[]>): Promise<Page<R>> {
  return pageOf(await read(decodeIdCursor(cursor), limit + 1), limit, (row) => [row.id]);
}

/** The same page with its results presented (the cursor and flag are the rows'). */
export async function mapPage<R, V>(page: Page<R>, present: (rows: R[]) => Promise<V[]> | V[]): Promise<Page<V>> {
  return { results: await present(page.results), cursor: page.cursor, hasMore: page.hasMore };
}

/**
 * `limit` rows of a feed over several statuses (an author's own posts: published and pending),
 * newest first by `sortKey` then id: one keyset query per status, each one range of an index that
 * starts with the status, merged here. One `status IN (…)` query would make the engine read and
 * sort all of the author's posts.
 */
export async function mergeStatuses<R extends { id: number }>(statuses: readonly number[], limit: number, read: (status: number) => Promise<R[]>, sortKey: (row: R) => number): Promise<R[]> {
  if (statuses.length === 1) return read(statuses[0]!);
  const parts = await Promise.all(statuses.map(read));
  return parts
    .flat()
    .sort((a, b) => sortKey(b) - sortKey(a) || b.id - a.id)
    .slice(0, limit);
}
