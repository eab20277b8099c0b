/**
 * What a display name (nickname) or username may hold, applied on write by the shared schemas,
 * so the browser's form shows the name as it will be stored. Names are shown beside everything a
 * member writes: characters a reader cannot see must not shape them. Removed:
 *
 * - controls (C0, C1) and format characters (Unicode category Cf): zero-width space and joiners,
 *   the bidirectional marks, embeddings, overrides and isolates (`\u202Enimda` shows as "admin"),
 *   soft hyphen, word joiner, BOM, tag characters;
 * - other invisible default-ignorables: combining grapheme joiner, variation selectors, Hangul
 *   fillers, Khmer inherent vowels, Mongolian selectors, the braille blank.
 *
 * Kept where they are what makes the text right: a zero-width joiner inside an emoji sequence
 * (👩‍💻), the emoji variation selector after a pictograph (❤️), and a zero-width non-joiner
 * between two letters of a script that uses it (Persian, Indic), never beside Latin letters.
 * Runs of white space become one space; ends are trimmed.
 */

/** ZWJ, unless it joins two pictographs (an emoji sequence). */
const LONE_ZWJ = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
/** ZWNJ, unless between two letters of a non-Latin script. */
const LONE_ZWNJ = /(?<![^\P{L}\p{Script=Latin}]\p{M}*)\u200C|\u200C(?![^\P{L}\p{Script=Latin}])/gu;
/** Variation selectors, unless VS16 right after a pictograph. */
const LONE_SELECTOR = /(?<!\p{Extended_Pictographic})\uFE0F|[\uFE00-\uFE0E\u{E0100}-\u{E01EF}]/gu;
/** Controls, invisible letters and symbols, and format characters but the joiners (judged above). */
const INVISIBLE = /[\p{Cc}\u00AD\u115F\u1160\u2800\u3164\uFFA0]|(?![\u200C\u200D])\p{Cf}/gu;
/** Invisible combining marks, one by one (a character class would read them as combined with their neighbours). */
const INVISIBLE_MARKS = /\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F/gu;

/** The name without invisible and direction-changing characters, white space collapsed and trimmed. */
export function cleanName(value: string): string {
  return value.replace(LONE_ZWJ, '').replace(LONE_ZWNJ, '').replace(LONE_SELECTOR, '').replace(INVISIBLE, '').replace(INVISIBLE_MARKS, '').replace(/\s+/gu, ' ').trim();
}
