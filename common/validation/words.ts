/**
 * Forbidden words (issue 16): a word or a regular expression, and what a post carrying it gets
 * (held for review, or refused naming the field). Matching folds width and case on both sides
 * (NFKC, then lower case), so `ＣＡＳＩＮＯ` meets `casino` and Thai or Chinese text is compared as
 * written. The regular-expression checks here are the ones a form can run; the server adds a
 * timed probe (server/modules/words/words.service.ts), which also refuses a word or pattern that
 * matches everything (`tooBroad`), and a time limit on every match.
 */
import { z } from '../zod';
import { idField, integerField } from './fields';
import { ADMIN_PAGE_MAX } from './moderation';

export const WORD_KINDS = ['word', 'regex'] as const;
export type WordKind = (typeof WORD_KINDS)[number];
export const WORD_ACTIONS = ['review', 'refuse'] as const;
export type WordAction = (typeof WORD_ACTIONS)[number];

export const WORD_LIMITS = {
  /** A word's or a pattern's length, in characters. */
  patternMax: 200,
  /** Words and patterns a site may hold (each post is checked against all of them). */
  countMax: 1000,
} as const;

/** Width and case folded: what a word is stored as, and what text is compared in. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The flags every pattern runs with: Unicode (Thai, Chinese, astral characters), case-insensitive. */
export const REGEX_FLAGS = 'iu';

export type RegexProblem = 'syntax' | 'nested' | 'backreference';

/**
 * What is wrong with a pattern before it is ever run: it does not compile, it repeats a group
 * that itself repeats (`(a+)+`, `(\w*)*`, `(a{2,})+`: the shape of catastrophic backtracking), or
 * it refers back to a group (`\1`, `\k<name>`: matching is no longer a plain automaton). Patterns
 * that pass can still backtrack badly through overlapping alternatives (`(a|a)+$`); the server's
 * probe and the time limit on matching catch those.
 */
export function regexProblem(source: string): RegexProblem | null {
  try {
    new RegExp(source, REGEX_FLAGS);
  } catch {
    return 'syntax';
  }
  if (/\\[1-9]|\\k</.test(source)) return 'backreference';
  return hasNestedQuantifier(source) ? 'nested' : null;
}

/** The quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`): whether it repeats, and where it ends. */
function quantifierAt(source: string, i: number): { repeats: boolean; end: number } | null {
  const ch = source[i];
  if (ch === '*' || ch === '+') return { repeats: true, end: i };
  if (ch === '?') return { repeats: false, end: i };
  if (ch !== '{') return null;
  const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
  if (!match) return null;
  const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3]);
  return { repeats: max > 1, end: i + match[0].length - 1 };
}

/** Whether a repeated group contains a repeat (character classes and escapes skipped). */
function hasNestedQuantifier(source: string): boolean {
  // One entry per open group: whether something inside it repeats.
  const groups: boolean[] = [];
  // The atom a quantifier would apply to: a group (and whether it repeats inside), or anything else.
  let atom: { group: boolean; repeats: boolean } | null = null;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const quantifier = atom ? quantifierAt(source, i) : null;
    if (quantifier) {
      if (quantifier.repeats) {
        if (atom?.group && atom.repeats) return true;
        if (groups.length > 0) groups[groups.length - 1] = true;
      }
      i = source[quantifier.end + 1] === '?' ? quantifier.end + 1 : quantifier.end; // a lazy `?`
      atom = null;
      continue;
    }
    if (ch === '\\') {
      i++;
      atom = { group: false, repeats: false };
    } else if (ch === '[') {
      // Skip the class: `]` right after `[` or `[^` is a literal.
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
      i = j;
      atom = { group: false, repeats: false };
    } else if (ch === '(') {
      groups.push(false);
      // `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`: the prefix is no quantifier.
      const prefix = /^\(\?(?::|=|!|<=|<!|<[^>]*>)/.exec(source.slice(i));
      if (prefix) i += prefix[0].length - 1;
      atom = null;
    } else if (ch === ')') {
      const repeats = groups.pop() ?? false;
      if (repeats && groups.length > 0) groups[groups.length - 1] = true;
      atom = { group: true, repeats };
    } else if (ch === '|' || ch === '^' || ch === '$') {
      atom = null;
    } else {
      atom = { group: false, repeats: false };
    }
  }
  return false;
}

/**
 * Everyday sentences, as members write them, in the forum's three common languages: a forbidden
 * word or pattern that matches half of one language's (or the empty text) would hold most posts
 * in it, which is a slip (`.`, `\b`, `[^]*`, `^$`, the word `the`), never a rule. Bland on
 * purpose: no word here is one a site would forbid.
 */
export const EVERYDAY_TEXTS: Readonly<Record<'en' | 'zh' | 'th', readonly string[]>> = {
  en: [
    'Good morning everyone, how are you today?',
    'I had noodles for lunch near the station.',
    'Does anyone know a good dentist in town?',
    'The bus was late again this morning.',
    'Thanks for sharing, this was really helpful.',
    'We are planning a trip to the beach next weekend.',
    'My cat sleeps all day long.',
    'It rained a lot yesterday evening.',
  ],
  zh: ['大家早上好，今天过得怎么样？', '我中午在车站附近吃了面条。', '有人知道城里哪家牙医好吗？', '今天早上公交车又晚点了。', '谢谢分享，这对我很有帮助。', '我们打算下周末去海边玩。', '我的猫整天都在睡觉。', '昨天晚上下了很大的雨。'],
  th: [
    'สวัสดีตอนเช้าทุกคน วันนี้เป็นอย่างไรบ้าง',
    'ฉันกินก๋วยเตี๋ยวใกล้สถานีตอนเที่ยง',
    'มีใครรู้จักหมอฟันดีๆ ในเมืองบ้างไหม',
    'เช้านี้รถเมล์มาสายอีกแล้ว',
    'ขอบคุณที่แบ่งปัน มีประโยชน์มากเลย',
    'เราวางแผนจะไปทะเลสุดสัปดาห์หน้า',
    'แมวของฉันนอนทั้งวัน',
    'เมื่อวานตอนเย็นฝนตกหนักมาก',
  ],
};

/** The texts a word or pattern is tried on before it is saved, folded as posts are: the empty text, then the everyday sentences. */
export function breadthProbes(): string[] {
  return ['', ...Object.values(EVERYDAY_TEXTS).flat().map(foldText)];
}

export type TooBroad = { problem: 'matchesEmpty' } | { problem: 'matchesEveryday'; example: string };

/**
 * Whether a word or pattern would hold ordinary posts, from what it matches among
 * `breadthProbes()` (`matches`: folded text → found in it): it matches the empty text, or at
 * least half of one language's everyday sentences (`example`: the first of them, as written).
 */
export function tooBroad(matches: (foldedText: string) => boolean): TooBroad | null {
  if (matches('')) return { problem: 'matchesEmpty' };
  for (const sentences of Object.values(EVERYDAY_TEXTS)) {
    const found = sentences.filter((sentence) => matches(foldText(sentence)));
    if (found.length * 2 >= sentences.length) return { problem: 'matchesEveryday', example: found[0]! };
  }
  return null;
}

const REGEX_PROBLEM_KEYS: Record<RegexProblem, string> = {
  syntax: 'adminWords.validation.regexSyntax',
  nested: 'adminWords.validation.regexNested',
  backreference: 'adminWords.validation.regexBackreference',
};

/** A word as the admin form and `POST admin/words/create|update` take it. */
export const wordSchema = z
  .object({
    pattern: z
      .string({ error: 'adminWords.validation.patternRequired' })
      .trim()
      .min(1, 'adminWords.validation.patternRequired')
      .max(WORD_LIMITS.patternMax, 'adminWords.validation.patternTooLong'),
    kind: z.enum(WORD_KINDS, { error: 'adminWords.validation.kind' }),
    action: z.enum(WORD_ACTIONS, { error: 'adminWords.validation.action' }),
  })
  .superRefine((value, issue) => {
    if (value.kind !== 'regex') return;
    const problem = regexProblem(value.pattern.normalize('NFKC'));
    if (problem) issue.addIssue({ code: 'custom', path: ['pattern'], message: REGEX_PROBLEM_KEYS[problem] });
  });
export type WordInput = z.infer<typeof wordSchema>;

export const wordUpdateSchema = wordSchema.and(z.object({ id: idField }));
export const wordDeleteSchema = z.object({ id: idField });

/** The list's page and its search (a part of the pattern). */
export const wordsQuery = z.object({
  page: integerField(1).pipe(z.number().max(ADMIN_PAGE_MAX, 'validation.invalid')).default(1),
  q: z.string({ error: 'validation.invalid' }).trim().max(WORD_LIMITS.patternMax, 'validation.invalid').optional(),
});
export type WordsQuery = z.infer<typeof wordsQuery>;
