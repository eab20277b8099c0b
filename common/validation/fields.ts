/**
 * The request fields every feature shares, defined once: a positive integer id (body, query or
 * path) and an opaque keyset cursor. Feature schemas compose these; none defines its own.
 */
import { z } from 'zod';

/** A positive safe integer, from a number or its decimal string. */
export const idField = z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(Number.MAX_SAFE_INTEGER, 'validation.invalid');

/** An opaque keyset cursor as the previous page answered it; absent for the first page. */
export const cursorField = z.string({ error: 'validation.invalid' }).max(200, 'topic.validation.cursorInvalid').optional();

/** `?cursor=` alone (lists that page over one owner's rows). */
export const cursorQuery = z.object({ cursor: cursorField });

/** A tag's feed (topics or articles of one tag). */
export const tagFeedQuery = z.object({ tagId: idField, cursor: cursorField });

/** A member's feed (their topics or articles). */
export const userFeedQuery = z.object({ userId: idField, cursor: cursorField });

/** A path id; anything but a positive integer is "not found" (null). */
export function pathId(value: unknown): number | null {
  const parsed = idField.safeParse(value);
  return parsed.success ? parsed.data : null;
}
