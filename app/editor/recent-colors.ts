/**
 * Recently used colours (spec §3, §9): up to 7 per kind, newest first, no duplicates, kept in
 * localStorage. Corrupt or foreign storage content reads as an empty list.
 */
import { EDITOR, type ColorKind } from './constants';

export const RECENT_COLORS_STORAGE_KEY: Record<ColorKind, string> = {
  text: 'sabai.editor.recentTextColors',
  background: 'sabai.editor.recentBackgroundColors',
};

const COLOR_PATTERN = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/** A colour value as stored: trimmed and lower-cased; null when it is not a plain colour. */
export function normalizeColor(color: string): string | null {
  const value = color.trim().toLowerCase();
  return COLOR_PATTERN.test(value) ? value : null;
}

/** `color` moved to the front of `list`, duplicates removed, at most `max` entries. */
export function pushRecentColor(list: readonly string[], color: string, max: number = EDITOR.recentColorsMax): string[] {
  const value = normalizeColor(color);
  if (value === null) return list.slice(0, max);
  return [value, ...list.filter((c) => c !== value)].slice(0, max);
}

/** Parse the stored JSON; anything unexpected yields []. */
export function parseRecentColors(raw: string | null | undefined, max: number = EDITOR.recentColorsMax): string[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: string[] = [];
  for (const item of data) {
    if (typeof item !== 'string') continue;
    const value = normalizeColor(item);
    if (value !== null && !out.includes(value)) out.push(value);
    if (out.length >= max) break;
  }
  return out;
}

type ColorStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): ColorStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function loadRecentColors(kind: ColorKind, storage: ColorStorage | null = defaultStorage()): string[] {
  try {
    return parseRecentColors(storage?.getItem(RECENT_COLORS_STORAGE_KEY[kind]));
  } catch {
    return [];
  }
}

/** Record a use of `color` and return the new list. */
export function rememberColor(kind: ColorKind, color: string, storage: ColorStorage | null = defaultStorage()): string[] {
  const next = pushRecentColor(loadRecentColors(kind, storage), color);
  try {
    storage?.setItem(RECENT_COLORS_STORAGE_KEY[kind], JSON.stringify(next));
  } catch {
    // quota exceeded or storage disabled: the list still works for this page
  }
  return next;
}

const HEX_COLOR = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const RGB_COLOR = /^rgba?\(\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*[,\s]\s*(\d{1,3})\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/;

function hexByte(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
}

/**
 * A colour in one comparable form: `#rrggbb`, or `#rrggbbaa` when not opaque. Browsers report a
 * colour read back from the document as `rgb(224, 49, 49)` while the palette says `#e03131`.
 * Other forms (hsl, names) compare as their normalized text.
 */
export function colorKey(color: string): string | null {
  const value = normalizeColor(color) ?? color.trim().toLowerCase();
  if (value === '') return null;
  const hex = HEX_COLOR.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    return `#${full.endsWith('ff') && full.length === 8 ? full.slice(0, 6) : full}`;
  }
  const rgb = RGB_COLOR.exec(value);
  if (rgb) {
    const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
    const alphaText = rgb[4];
    const alpha = alphaText === undefined ? 1 : alphaText.endsWith('%') ? Number(alphaText.slice(0, -1)) / 100 : Number(alphaText);
    const opaque = `#${hexByte(r)}${hexByte(g)}${hexByte(b)}`;
    return alpha >= 1 ? opaque : `${opaque}${hexByte(alpha * 255)}`;
  }
  return value;
}

/** Whether the current colour (as the editor reports it) is the swatch `color`. */
export function sameColor(current: string | null | undefined, color: string): boolean {
  return !!current && colorKey(current) === colorKey(color);
}
