/** Forbidden words: folding (width, case, Thai and Chinese as written) and the pattern checks a save runs first. */
import { describe, expect, it } from 'vitest';
import { foldText, regexProblem, wordSchema } from './words';

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
