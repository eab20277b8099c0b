import { describe, expect, it } from 'vitest';
import { readingMinutes } from './reading-time';

describe('reading time', () => {
  it('is at least a minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('<p>Hello there.</p>')).toBe(1);
  });

  it('counts words of spaced scripts, not markup', () => {
    const paragraph = `<p>${'word '.repeat(230)}</p>`;
    expect(readingMinutes(paragraph.repeat(3))).toBe(3);
    expect(readingMinutes(`<p class="x" data-y="${'a '.repeat(900)}">one</p>`)).toBe(1);
  });

  it('counts characters of Chinese and Thai, which have no spaces', () => {
    expect(readingMinutes(`<p>${'曼谷的早市'.repeat(160)}</p>`)).toBe(2);
    expect(readingMinutes(`<p>${'สวัสดี'.repeat(200)}</p>`)).toBe(3);
  });

  it('adds both in mixed text', () => {
    expect(readingMinutes(`<p>${'word '.repeat(230)}${'字'.repeat(400)}</p>`)).toBe(2);
  });
});
