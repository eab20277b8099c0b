import { describe, expect, it } from 'vitest';
import { isAllowedStyle } from '../../common/rich-text/policy';
import { BACKGROUND_COLORS, EDITOR, TEXT_COLORS } from './constants';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('editor palettes and limits (spec §9)', () => {
  it('has 20 distinct text colours and 20 distinct light background colours', () => {
    expect(new Set(TEXT_COLORS).size).toBe(20);
    expect(new Set(BACKGROUND_COLORS).size).toBe(20);
    for (const c of BACKGROUND_COLORS) expect(luminance(c), c).toBeGreaterThan(0.7);
  });

  it('only offers colours the content policy keeps', () => {
    for (const c of TEXT_COLORS) expect(isAllowedStyle('color', c)).toBe(true);
    for (const c of BACKGROUND_COLORS) expect(isAllowedStyle('background-color', c)).toBe(true);
  });

  it('keeps the spec constants', () => {
    expect(EDITOR).toMatchObject({
      defaultHeight: '400px',
      slashMenuMaxItems: 10,
      undoDepth: 100,
      undoGroupMs: 500,
      recentColorsMax: 7,
      imageInsertIntervalMs: 10,
      uploadMaxBytes: 5 * 1024 * 1024,
    });
  });
});
