/**
 * Highlighting, made on the server and safe by construction: the text is cut into plain runs and
 * matched runs, every run is HTML-escaped, and `<mark>`/`</mark>` around the matched ones is the
 * only markup that can come out. Matching folds case and width as the index does (search.text.ts),
 * code point by code point, so the marks land on the reader's own characters.
 */
import { fold } from './search.text';

/** What to mark: whole words, and words that may be the start of a longer one. */
export interface Needles {
  words: readonly string[];
  prefixes: readonly string[];
}

type Range = readonly [start: number, end: number];

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
/** Scripts written with spaces: a match there must start (and a whole word end) at a word edge. */
const SPACED = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]/u;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The folded text, and for each of its UTF-16 units the original code point's [start, end). */
function foldWithMap(text: string): { folded: string; from: number[] | null; to: number[] | null } {
  // Most text folds unit for unit (ASCII, CJK, Thai, full-width letters): then positions agree
  // and no map is needed. Only where folding changes lengths is it done code point by code point.
  const whole = fold(text);
  if (whole.length === text.length) return { folded: whole, from: null, to: null };
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const f = fold(ch);
    folded += f;
    for (let i = 0; i < f.length; i += 1) {
      from.push(offset);
      to.push(offset + ch.length);
    }
    offset += ch.length;
  }
  return { folded, from, to };
}

/** The original text's ranges matching any needle, sorted and merged. */
export function matchRanges(text: string, needles: Needles): Range[] {
  const { folded, from, to } = foldWithMap(text);
  const found: Range[] = [];
  const search = (needle: string, whole: boolean) => {
    if (needle === '') return;
    const spaced = SPACED.test(needle);
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (spaced && at > 0 && LETTER_OR_DIGIT.test(folded[at - 1]!)) continue;
      if (spaced && whole && end < folded.length && LETTER_OR_DIGIT.test(folded[end]!)) continue;
      found.push(from && to ? [from[at]!, to[end - 1]!] : [at, end]);
    }
  };
  for (const word of needles.words) search(word, !needles.prefixes.includes(word));
  for (const prefix of needles.prefixes) search(prefix, false);
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of found) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

const SNIPPET_SCAN = 4000;

/** Escaped text with the ranges marked. */
function render(text: string, ranges: readonly Range[]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return out + escapeHtml(text.slice(at));
}

/** A short text (a title) with its matches marked. */
export function highlight(text: string, needles: Needles): string {
  return render(text, matchRanges(text, needles));
}

/**
 * About `length` characters of a long text around its first match (from the start when nothing
 * matches), cut at code points, with ellipses where it was cut, and the matches marked.
 */
export function snippet(text: string, needles: Needles, length = 160): string {
  // A match past the first few thousand characters is not worth reading a long post for: the
  // passage then comes from its start.
  const flat = text
    .slice(0, SNIPPET_SCAN)
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const ranges = matchRanges(flat, needles);
  const first = ranges[0]?.[0] ?? 0;
  let start = Math.max(0, first - Math.floor(length / 3));
  let end = Math.min(flat.length, start + length);
  // Never split a surrogate pair.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(flat[start]!)) start -= 1;
  if (end < flat.length && /[\uDC00-\uDFFF]/.test(flat[end]!)) end += 1;
  const inside = ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s - start, e - start] as const);
  return `${start > 0 ? '…' : ''}${render(flat.slice(start, end), inside)}${end < flat.length ? '…' : ''}`;
}
