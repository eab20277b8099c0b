/**
 * The request fields every feature shares, defined once: a positive integer id (body, query or
 * path) and an opaque keyset cursor. Feature schemas compose these; none defines its own.
 */
import { z } from '../zod';

/**
 * An id as text: decimal digits, no sign, no leading zero, no blanks, at most 16 digits. Only
 * this spelling names an id: `Number()` would also read `0x10`, `1e2`, ` 1`, `+1` and `01`,
 * so one item would answer at many addresses (and be cached under each).
 */
const ID_TEXT = /^[1-9][0-9]{0,15}$/;

/** An integer as text (feed selectors such as `nodeId=-1`): optional minus, then as `ID_TEXT`, or 0. */
const INTEGER_TEXT = /^(?:0|-?[1-9][0-9]{0,15})$/;

/** A positive safe integer from a JSON number or its canonical decimal text; null otherwise. */
export function parseId(value: unknown): number | null {
  const id = typeof value === 'string' && ID_TEXT.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** Canonical decimal text becomes a number; anything else is left for `z.number()` to refuse. */
function integerText(pattern: RegExp) {
  return (value: unknown): unknown => (typeof value === 'string' && pattern.test(value) ? Number(value) : value);
}

/** A positive safe integer, from a number or its canonical decimal string (`ID_TEXT`). */
export const idField = z.preprocess(
  integerText(ID_TEXT),
  z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(Number.MAX_SAFE_INTEGER, 'validation.invalid'),
);

/** A safe integer from a number or its canonical decimal string (`-1`, `0`, `12`), at least `min`. */
export function integerField(min: number) {
  return z.preprocess(
    integerText(INTEGER_TEXT),
    z.number({ error: 'validation.invalid' }).int('validation.invalid').min(min, 'validation.invalid').max(Number.MAX_SAFE_INTEGER, 'validation.invalid'),
  );
}

/** An opaque keyset cursor as the previous page answered it; absent for the first page. */
export const cursorField = z.string({ error: 'validation.invalid' }).max(200, 'topic.validation.cursorInvalid').optional();

/** `?cursor=` alone (lists that page over one owner's rows). */
export const cursorQuery = z.object({ cursor: cursorField });

/** A tag's feed (topics or articles of one tag). */
export const tagFeedQuery = z.object({ tagId: idField, cursor: cursorField });

/** A member's feed (their topics or articles). */
export const userFeedQuery = z.object({ userId: idField, cursor: cursorField });

/** A path id; anything but a positive integer in canonical decimal is "not found" (null). */
export function pathId(value: unknown): number | null {
  return parseId(value);
}
