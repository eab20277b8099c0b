/** The address rule: what a browser would drop or could not show is refused; ordinary addresses pass. */
import { describe, expect, it } from 'vitest';
import { isCleanAddress } from './address';

describe('isCleanAddress', () => {
  it('takes ordinary addresses: paths, http(s), percent-encoded spaces, non-Latin letters', () => {
    for (const address of ['', '/', '/topics?page=2#c5', 'https://example.com/a%20b', 'https://ตัวอย่าง.ไทย/路径', 'smtp://user:p%40ss@mail.example:587', '/uploads/ab/cd/x.png']) {
      expect(isCleanAddress(address), address).toBe(true);
    }
  });

  it('refuses controls, every kind of whitespace and the invisible format characters, wherever they are', () => {
    const characters = ['\t', '\n', '\r', '\u000b', '\f', ' ', '\u0000', '\u001f', '\u007f', '\u0085', '\u009b', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u202e', '\u2066', '\u00ad'];
    for (const character of characters) {
      const code = `U+${character.codePointAt(0)!.toString(16).padStart(4, '0')}`;
      expect(isCleanAddress(`/${character}/evil.example/x`), code).toBe(false);
      expect(isCleanAddress(`https://example.com/x${character}`), code).toBe(false);
      expect(isCleanAddress(`${character}https://example.com/`), code).toBe(false);
    }
  });
});
