/** Forbidden words: folding (width, case, Thai and Chinese as written) and the pattern checks a save runs first. */
import { describe, expect, it } from 'vitest';
import { breadthProbes, EVERYDAY_TEXTS, foldText, REGEX_FLAGS, regexProblem, tooBroad, wordSchema } from './words';

describe('foldText', () => {
  it('folds width and case, and leaves Thai and Chinese as written', () => {
    expect(foldText('ＣＡＳＩＮＯ Casino')).toBe('casino casino');
    expect(foldText('เว็บคาสิโน')).toBe('เว็บคาสิโน');
    expect(foldText('赌场１２３')).toBe('赌场123');
    expect(foldText('ﾊﾟﾁﾝｺ')).toBe('パチンコ');
  });
});

describe('regexProblem', () => {
  it('accepts plain patterns, alternatives, classes, bounded repeats, Thai and Chinese', () => {
    for (const pattern of ['casino', 'c[a4]sino', '(?:ab)+c', 'a{1,3}b', '赌场|คาสิโน\\s*ออนไลน์', '(a+)?', '[(+)]+', '\\(a+\\)+']) expect(regexProblem(pattern), pattern).toBeNull();
  });

  it('refuses bad syntax, nested repeats and back-references', () => {
    expect(regexProblem('(unclosed')).toBe('syntax');
    for (const pattern of ['(a+)+$', '(\\w*)*x', '(a{2,})+', '(?:a+)+', '((ab)*c)+']) expect(regexProblem(pattern), pattern).toBe('nested');
    expect(regexProblem('(a)\\1')).toBe('backreference');
    expect(regexProblem('(?<x>a)\\k<x>')).toBe('backreference');
  });

  it('the schema names the pattern field with the problem', () => {
    const result = wordSchema.safeParse({ pattern: '(a+)+', kind: 'regex', action: 'review' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['pattern', 'adminWords.validation.regexNested']]);
    // A word is never read as a pattern.
    expect(wordSchema.safeParse({ pattern: '(a+)+', kind: 'word', action: 'refuse' }).success).toBe(true);
  });
});

describe('tooBroad: a word or pattern that would hold every post', () => {
  // Only safe patterns here: the server runs admins' patterns in a worker under a time limit.
  const regex = (pattern: string) => tooBroad((text) => new RegExp(pattern, REGEX_FLAGS).test(text));
  const word = (pattern: string) => tooBroad((text) => text.includes(foldText(pattern)));

  it('refuses a pattern that matches the empty text', () => {
    for (const pattern of ['(?:)', '[^]*', '^$', 'a*', 'x?', '^', '$|casino']) expect(regex(pattern), pattern).toEqual({ problem: 'matchesEmpty' });
  });

  it('refuses one that matches half of one language’s everyday sentences, with the first as the example', () => {
    expect(regex('.')).toEqual({ problem: 'matchesEveryday', example: EVERYDAY_TEXTS.en[0] });
    expect(regex('\\b')).toEqual({ problem: 'matchesEveryday', example: EVERYDAY_TEXTS.en[0] });
    for (const pattern of ['\\s', '[a-z]', '\\p{L}', 'e', '.{20}', 'the|a']) expect(regex(pattern)?.problem, pattern).toBe('matchesEveryday');
    // Chinese or Thai only: would hold every post in that language.
    expect(regex('\\p{Script=Han}')).toEqual({ problem: 'matchesEveryday', example: EVERYDAY_TEXTS.zh[0] });
    expect(regex('[\\u0E00-\\u0E7F]')).toEqual({ problem: 'matchesEveryday', example: EVERYDAY_TEXTS.th[0] });
    // Words too: a substring found in most sentences.
    for (const w of ['e', 'E', '我', 'น', ' ']) expect(word(w)?.problem, w).toBe('matchesEveryday');
  });

  it('accepts real forbidden words and patterns, and one that matches only a sentence or two', () => {
    for (const pattern of ['casino', 'c[a4]sino', '赌场|คาสิโน\\s*ออนไลน์', 'v[i1]agra', '\\bfree\\s+money\\b', 'cat', '\\d{6,}']) expect(regex(pattern), pattern).toBeNull();
    for (const w of ['casino', 'spam', '赌场', 'คาสิโน', 'noodles', '猫']) expect(word(w), w).toBeNull();
  });

  it('the probes are the empty text and every sentence, folded as posts are', () => {
    const probes = breadthProbes();
    expect(probes[0]).toBe('');
    expect(probes).toHaveLength(1 + EVERYDAY_TEXTS.en.length + EVERYDAY_TEXTS.zh.length + EVERYDAY_TEXTS.th.length);
    expect(probes).toContain('good morning everyone, how are you today?');
  });
});
