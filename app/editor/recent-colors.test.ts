import { describe, expect, it } from 'vitest';
import { colorKey, loadRecentColors, parseRecentColors, pushRecentColor, RECENT_COLORS_STORAGE_KEY, rememberColor, sameColor } from './recent-colors';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('recent colours', () => {
  it('puts the newest first', () => {
    expect(pushRecentColor(['#111111', '#222222'], '#333333')).toEqual(['#333333', '#111111', '#222222']);
  });

  it('moves a repeated colour to the front without duplicating it (case-insensitive)', () => {
    expect(pushRecentColor(['#111111', '#222222', '#333333'], '#222222')).toEqual(['#222222', '#111111', '#333333']);
    expect(pushRecentColor(['#aabbcc'], '#AABBCC')).toEqual(['#aabbcc']);
  });

  it('keeps at most 7', () => {
    let list: string[] = [];
    for (let i = 0; i < 10; i++) list = pushRecentColor(list, `#00000${i}`);
    expect(list).toHaveLength(7);
    expect(list[0]).toBe('#000009');
    expect(list[6]).toBe('#000003');
  });

  it('ignores values that are not colours', () => {
    expect(pushRecentColor(['#111111'], 'red; background:url(x)')).toEqual(['#111111']);
    expect(pushRecentColor([], 'rgb(1, 2, 3)')).toEqual(['rgb(1, 2, 3)']);
  });

  it('reads corrupt or foreign storage as empty', () => {
    expect(parseRecentColors(null)).toEqual([]);
    expect(parseRecentColors('not json')).toEqual([]);
    expect(parseRecentColors('{"a":1}')).toEqual([]);
    expect(parseRecentColors('[1, "#ABC", "#abc", "javascript:x", "#def"]')).toEqual(['#abc', '#def']);
    expect(parseRecentColors(JSON.stringify(Array.from({ length: 12 }, (_, i) => `#${String(i).padStart(6, '0')}`)))).toHaveLength(7);
  });

  it('remembers per kind in storage', () => {
    const storage = memoryStorage();
    rememberColor('text', '#e03131', storage);
    rememberColor('text', '#1971c2', storage);
    rememberColor('background', '#fff9db', storage);
    rememberColor('text', '#e03131', storage);
    expect(loadRecentColors('text', storage)).toEqual(['#e03131', '#1971c2']);
    expect(loadRecentColors('background', storage)).toEqual(['#fff9db']);
    expect(storage.data.get(RECENT_COLORS_STORAGE_KEY.text)).toBe('["#e03131","#1971c2"]');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadRecentColors('text', broken)).toEqual([]);
    expect(rememberColor('text', '#000000', broken)).toEqual(['#000000']);
  });
});

describe('colour comparison (swatch aria-pressed)', () => {
  it('matches a palette hex with the rgb() the browser reports after re-parsing', () => {
    expect(sameColor('rgb(224, 49, 49)', '#e03131')).toBe(true);
    expect(sameColor('RGB(224,49,49)', '#E03131')).toBe(true);
    expect(sameColor('rgb(255 243 191)', '#fff3bf')).toBe(true);
    expect(sameColor('#fff', '#ffffff')).toBe(true);
    expect(sameColor('rgba(224, 49, 49, 1)', '#e03131')).toBe(true);
    expect(sameColor('#e03131', '#e03131')).toBe(true);
  });

  it('tells different colours apart', () => {
    expect(sameColor('rgb(224, 49, 48)', '#e03131')).toBe(false);
    expect(sameColor('rgba(224, 49, 49, 0.5)', '#e03131')).toBe(false);
    expect(sameColor(null, '#e03131')).toBe(false);
    expect(sameColor('', '#e03131')).toBe(false);
  });

  it('answers one form per colour', () => {
    expect(colorKey('#abc')).toBe('#aabbcc');
    expect(colorKey('#aabbccff')).toBe('#aabbcc');
    expect(colorKey('rgba(170, 187, 204, 0.5)')).toBe('#aabbcc80');
    expect(colorKey('hsl(120, 50%, 50%)')).toBe('hsl(120, 50%, 50%)');
  });
});
