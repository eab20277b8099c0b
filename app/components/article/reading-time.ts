/**
 * About how long an article takes to read, in whole minutes (at least one): words of spaced
 * scripts at 230 a minute, and characters of unspaced ones (Chinese, Japanese, Thai…) at 400 a
 * minute. Counted from the sanitized HTML's text; images and code count as their words.
 */
const WORDS_PER_MINUTE = 230;
const CHARS_PER_MINUTE = 400;

/** Scripts written without spaces between words: each character counts on its own. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;

/** The visible text of sanitized HTML (tags dropped, the few entities it may hold decoded as spaces). */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
}

export function readingMinutes(html: string): number {
  const text = textOf(html);
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  const words = text.replace(UNSPACED, ' ').split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + unspaced / CHARS_PER_MINUTE));
}
