/** Which characters no field takes, and how the fields holding them are named. */
import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextFields } from './text-safety';

describe('text safety', () => {
  it('refuses NUL, C0 controls but tab/LF/CR, DEL and C1 controls, lone surrogates and every non-character', () => {
    const refused = ['\u0000', '\u0008', '\u007f', '\u0080', '\u0085', '\u009b', '\u009f', '\u000b', '\u000c', '\u000e', '\u001f', '\ud800', '\udfff', 'a\ud83d', '\ufdd0', '\ufdef', '\ufffe', '\uffff'];
    for (let plane = 1; plane <= 16; plane++) refused.push(String.fromCodePoint(plane * 0x10000 + 0xfffe), String.fromCodePoint(plane * 0x10000 + 0xffff));
    for (const text of refused) expect(isSafeText(`ok${text}ok`), JSON.stringify(text)).toBe(false);
  });

  it('takes tab, newlines, text in any script, emoji (surrogate pairs), U+FFFD and the neighbours of non-characters', () => {
    for (const text of ['\t\n\r', '中文 ภาษาไทย', '😀👍🏽', '\ufffd', '~', '\u00a0', 'é', '\ufdcf', '\ufdf0', '\ufffc', String.fromCodePoint(0x1fffd), String.fromCodePoint(0x10fffd)]) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('names fields by their dotted path, in input order, keys included', () => {
    expect(unsafeTextFields({ a: 'ok', b: 'x\u0000', c: ['ok', 'y\u0001'], d: { e: '\uffff' }, n: 5, z: null })).toEqual(['b', 'c.1', 'd.e']);
    expect(unsafeTextFields('\u0000')).toEqual(['_']);
    expect(unsafeTextFields({ ['k\u0000']: 'v' })).toEqual(['k\ufffd']);
    expect(unsafeTextFields({ fine: 'text', list: [1, true, {}] })).toEqual([]);
  });

  it('walks deep input without recursion and cuts what it reports', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [name] = unsafeTextFields({ deep });
    expect(name!.startsWith('deep.0.0')).toBe(true);
    expect(name!.length).toBe(100);
    expect(unsafeTextFields(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(20);
  });
});
