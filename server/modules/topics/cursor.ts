/**
 * Keyset cursors: the sort key of a page's last item (e.g. `[lastCommentTime, id]`), as
 * base64url JSON. Opaque to clients; a malformed one is a 400 on field `cursor`.
 */
import { errors } from '../../http/errors';

export interface Page<T> {
  results: T[];
  /** Pass back as `cursor` for the next page; '' when there is none. */
  cursor: string;
  hasMore: boolean;
}

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

/** An `[id]` cursor, or null for the first page. */
export function decodeIdCursor(cursor: string | undefined): number | null {
  const key = decodeKey(cursor, 1);
  return key ? key[0]! : null;
}
