/**
 * Characters no text field accepts, whatever its schema: U+0000 (PostgreSQL refuses it in text
 * and answered 500), the other C0 controls except tab, line feed and carriage return, DEL and
 * the C1 controls U+0080–U+009F (invisible; they smuggle terminal escapes into logs — U+009B is
 * an 8-bit CSI — and break XML feeds; in pasted text they are mojibake, never meaning), lone surrogates (not Unicode
 * text: they cannot be encoded as UTF-8, so a driver silently changes them) and the Unicode
 * non-characters (U+FDD0–U+FDEF and the last two code points of every plane, U+FFFE/U+FFFF …
 * U+10FFFE/U+10FFFF: reserved for a program's own use, never for interchange).
 *
 * The check walks a whole parsed input (a JSON or form body, a query, path parameters) rather
 * than sitting in each schema, so a field added tomorrow is covered without a line of its own.
 */

// With the `u` flag a surrogate pair is one code point, so `\p{Cs}` matches only a lone half.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** The i18n key of the message every refused field carries. */
export const UNSAFE_TEXT_MESSAGE = 'validation.unsafeText';

/** Enough fields to show a form its mistakes; a hostile body gets no longer an answer. */
const MAX_REPORTED_FIELDS = 20;

export function isSafeText(text: string): boolean {
  return !UNSAFE_CHARACTER.test(text);
}

/** A step of the walk: a value and how it was reached (a linked path, so deep input costs no copies). */
interface Visit {
  value: unknown;
  /** The key or index that reached it, printable; null for the input itself. */
  key: string | null;
  /** The key itself held an unsafe character. */
  badKey: boolean;
  parent: Visit | null;
}

const EVERY_UNSAFE_CHARACTER = new RegExp(UNSAFE_CHARACTER.source, 'gu');

/** A key as a field name may show it: its unsafe characters replaced by U+FFFD. */
function printableKey(key: string): string {
  return key.replace(EVERY_UNSAFE_CHARACTER, '\ufffd');
}

/** A field name longer than this (a path a hundred levels deep) is cut: the answer echoes it. */
const FIELD_NAME_MAX = 100;

function fieldNameOf(visit: Visit): string {
  const parts: string[] = [];
  for (let step: Visit | null = visit; step !== null && step.key !== null; step = step.parent) parts.push(step.key);
  const name = parts.length ? parts.reverse().join('.') : '_';
  return name.length > FIELD_NAME_MAX ? `${name.slice(0, FIELD_NAME_MAX - 1)}…` : name;
}

/** Queues the children of an array or a plain object, last first, so they are visited in order. */
function pushChildren(stack: Visit[], visit: Visit): void {
  const { value } = visit;
  if (Array.isArray(value)) {
    for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], key: String(index), badKey: false, parent: visit });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const entries = Object.entries(value);
  for (let index = entries.length - 1; index >= 0; index--) {
    const [key, item] = entries[index]!;
    const safe = isSafeText(key);
    stack.push({ value: item, key: safe ? key : printableKey(key), badKey: !safe, parent: visit });
  }
}

/**
 * The fields of `input` (dotted paths: `title`, `tags.1`; `_` for the input itself) whose text or
 * key holds an unsafe character, in input order, at most twenty. Iterative: a body nested a
 * hundred thousand levels deep (JSON.parse takes it) must not overflow the stack.
 */
export function unsafeTextFields(input: unknown): string[] {
  const found: string[] = [];
  const stack: Visit[] = [{ value: input, key: null, badKey: false, parent: null }];
  while (stack.length > 0 && found.length < MAX_REPORTED_FIELDS) {
    const visit = stack.pop()!;
    if (visit.badKey || (typeof visit.value === 'string' && !isSafeText(visit.value))) found.push(fieldNameOf(visit));
    else pushChildren(stack, visit);
  }
  return found;
}
