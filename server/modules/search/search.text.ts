/**
 * How text becomes search terms, the same way for the index and for a query (ADR 0015):
 *
 * 1. Fold: NFKC (full-width Ｓａｂａｉ → Sabai, compatibility forms) and lower case.
 * 2. Cut into words with `Intl.Segmenter` (ICU's word rules: dictionary breaking for Thai and
 *    Chinese, spaces and punctuation elsewhere); only word-like segments count.
 * 3. Chinese: ICU's dictionary does not know every place name (清迈 comes out as 清|迈), and it
 *    may cut the same characters differently in different sentences. So every run of Han
 *    characters is also indexed as its overlapping character pairs, and a query's Han runs are
 *    looked up by their pairs: 清迈 finds 我在清迈办签证 however ICU cut either.
 * 4. Encode: each term becomes `q` + its UTF-8 bytes as letters a–p (one per half byte). Every
 *    engine then sees plain ASCII words of at least 3 letters: PostgreSQL's parser and FTS5's
 *    tokenizer keep them whole, MariaDB's term index stores them as ASCII keys, and no query can
 *    carry an operator. The encoding keeps prefixes, so `sab*` finds `sabai` on every engine.
 *    (It was first chosen for InnoDB FULLTEXT, whose minimum token size of 3 drops most
 *    two-character Chinese words; ADR 0015.)
 */

/** One ICU word segmenter serves every language: its rules pick dictionary breaking by script. */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;

/**
 * Terms longer than this many UTF-8 bytes are cut (at a character) before encoding: `q` + 2
 * letters a byte stays within MariaDB's term key (84 characters) at 40 bytes.
 */
const TERM_MAX_BYTES = 40;

/** How much of a document is indexed: beyond it, a post's words are already all there. */
export const INDEXED_TEXT_MAX = 20_000;

/** Case and width folding, the same for the index, the query and highlighting. */
export function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The word-like segments of already folded text, in order. */
function words(folded: string): string[] {
  const out: string[] = [];
  for (const part of segmenter.segment(folded)) if (part.isWordLike) out.push(part.segment);
  return out;
}

/** Overlapping character pairs of a Han run (a single character stays itself). */
function hanPairs(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const pairs: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) pairs.push(chars[i]! + chars[i + 1]!);
  return pairs;
}

function cutToBytes(term: string): string {
  if (Buffer.byteLength(term) <= TERM_MAX_BYTES) return term;
  let out = '';
  for (const ch of term) {
    if (Buffer.byteLength(out + ch) > TERM_MAX_BYTES) break;
    out += ch;
  }
  return out;
}

/** A term as the engines store it: `q` + its UTF-8 half-bytes as letters a–p (prefix-preserving). */
export function encodeTerm(term: string): string {
  let out = 'q';
  for (const byte of Buffer.from(cutToBytes(term))) out += String.fromCharCode(97 + (byte >> 4), 97 + (byte & 15));
  return out;
}

/**
 * The encoded terms of a document, space-separated, as every engine indexes them: the words of
 * the title twice (a title hit weighs more), then those of the body, and the Han pairs of both.
 */
export function documentTerms(title: string, body: string): string {
  const titleTerms = termsOf(title);
  return [...titleTerms, ...titleTerms, ...termsOf(body.slice(0, INDEXED_TEXT_MAX))].map(encodeTerm).join(' ');
}

function termsOf(text: string): string[] {
  const folded = fold(text);
  const out = words(folded).filter((w) => !HAN.test(w));
  for (const run of folded.match(HAN_RUN) ?? []) out.push(...hanPairs(run));
  return out;
}

/** A query as the engines look it up: every term and every prefix must be there. */
export interface SearchQuery {
  /** Encoded whole terms. */
  terms: string[];
  /** Encoded prefixes: the last word while it is being typed (English "sab" finds "sabai"), and lone Han characters. */
  prefixes: string[];
  /** Folded words to highlight (Han runs whole), and which of them may be prefixes. */
  highlight: { words: string[]; prefixes: string[] };
}

/**
 * Parses what a reader typed. Operators, quotes, `*`, `NEAR` are only text: the segmenter drops
 * punctuation and every term is encoded, so nothing typed reaches an engine's query syntax.
 * Answers null when nothing searchable is left (only punctuation or spaces).
 */
export function parseQuery(input: string): SearchQuery | null {
  const folded = fold(input);
  const latin = words(folded).filter((w) => !HAN.test(w));
  const runs = folded.match(HAN_RUN) ?? [];
  if (latin.length === 0 && runs.length === 0) return null;
  const terms = new Set<string>();
  const prefixes = new Set<string>();
  // The last word is a prefix while it is typed (no space after it), unless it is one letter or
  // digit (that prefix would match half the forum).
  const last = latin.at(-1);
  const typing = last !== undefined && !/\s$/u.test(input) && folded.trimEnd().endsWith(last) && [...last].length >= 2 ? last : null;
  for (const word of latin) if (word !== typing) terms.add(word);
  if (typing !== null) prefixes.add(typing);
  for (const run of runs) {
    // A lone Han character is indexed only inside its pairs (and ICU words): look it up as a prefix.
    if ([...run].length === 1) prefixes.add(run);
    else for (const pair of hanPairs(run)) terms.add(pair);
  }
  return {
    terms: [...terms].map(encodeTerm),
    prefixes: [...prefixes].map(encodeTerm),
    highlight: { words: [...new Set([...latin, ...runs])], prefixes: [...prefixes] },
  };
}
