import { describe, expect, it } from 'vitest';
import { asPreference, COLOR_MODE_BOOTSTRAP, COLOR_MODE_KEY, COLOR_MODE_PREFERENCES, concernsColorMode, isDarkFor } from './color-mode';

/** Runs the inline <head> script against a stored value and an OS preference; returns the class. */
function bootstrapDark(stored: string | null, systemDark: boolean): boolean {
  const classes = new Set<string>();
  const root = { classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) }, style: { colorScheme: '' } };
  const run = new Function('localStorage', 'window', 'document', COLOR_MODE_BOOTSTRAP) as (...args: unknown[]) => void;
  run({ getItem: (key: string) => (key === COLOR_MODE_KEY ? stored : null) }, { matchMedia: () => ({ matches: systemDark }) }, { documentElement: root });
  expect(root.style.colorScheme).toBe(classes.has('dark') ? 'dark' : 'light');
  return classes.has('dark');
}

describe('colour mode', () => {
  it('reads anything but light or dark as system', () => {
    expect(asPreference('dark')).toBe('dark');
    expect(asPreference('light')).toBe('light');
    for (const value of [null, undefined, 'system', 'DARK', '{"x":1}', 1]) expect(asPreference(value)).toBe('system');
  });

  it('follows the OS only under system', () => {
    expect(isDarkFor('system', true)).toBe(true);
    expect(isDarkFor('system', false)).toBe(false);
    expect(isDarkFor('dark', false)).toBe(true);
    expect(isDarkFor('light', true)).toBe(false);
  });

  it('the no-flash script applies the same rule as the app, for every stored value', () => {
    const stored: Array<string | null> = [...COLOR_MODE_PREFERENCES, null, 'garbage'];
    for (const value of stored) {
      for (const systemDark of [false, true]) {
        expect(bootstrapDark(value, systemDark), `${value} / OS dark ${systemDark}`).toBe(isDarkFor(asPreference(value), systemDark));
      }
    }
  });

  it('re-applies on storage events for its key or a cleared storage, not for other keys', () => {
    expect(concernsColorMode(COLOR_MODE_KEY)).toBe(true);
    expect(concernsColorMode(null)).toBe(true);
    expect(concernsColorMode('sabai-search-history')).toBe(false);
  });
});
