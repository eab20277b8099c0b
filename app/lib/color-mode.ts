/**
 * Colour mode (spec §3, §4): the preference — system, light or dark — lives in localStorage;
 * the effective mode is a `dark` class on <html>. The server cannot know the preference, so a
 * tiny inline script (nonce'd, see root.tsx) applies it before first paint: no flash.
 *
 * The header toggle flips dark and light on click (spec §4: "toggles dark and light"); the footer
 * select also offers "system" (no stored preference: follow the OS). Other tabs follow a change
 * through the `storage` event.
 */
import { useCallback, useSyncExternalStore } from 'react';

export const COLOR_MODE_KEY = 'sabai-color-mode';
export const COLOR_MODE_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ColorModePreference = (typeof COLOR_MODE_PREFERENCES)[number];

/** Runs in <head> before the body paints. Kept tiny and dependency-free on purpose. */
export const COLOR_MODE_BOOTSTRAP = `(function(){try{var p=localStorage.getItem('${COLOR_MODE_KEY}');var d=p==='dark'||(p!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light'}catch(e){}})();`;

/** A stored value as a preference: anything but light or dark (absent, corrupt) means system. */
export function asPreference(value: unknown): ColorModePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The effective mode of a preference (same rule as COLOR_MODE_BOOTSTRAP). */
export function isDarkFor(preference: ColorModePreference, systemDark: boolean): boolean {
  return preference === 'dark' || (preference === 'system' && systemDark);
}

/** A `storage` event that may have changed the preference (a null key: storage was cleared). */
export function concernsColorMode(key: string | null): boolean {
  return key === null || key === COLOR_MODE_KEY;
}

export function readPreference(): ColorModePreference {
  try {
    return asPreference(localStorage.getItem(COLOR_MODE_KEY));
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

const CHANGE_EVENT = 'sabai:color-mode';

/** Stores the preference (system: removes it), applies it and tells this tab's subscribers. */
export function setPreference(preference: ColorModePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(COLOR_MODE_KEY);
    else localStorage.setItem(COLOR_MODE_KEY, preference);
  } catch {
    // Private mode without storage: the choice still applies to this page view.
  }
  applyMode(isDarkFor(preference, systemPrefersDark()));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * Re-renders subscribers when the mode changes here, in another tab (which also re-applies the
 * class: that tab's click never touched this document) or, under "system", in the OS.
 */
function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onSystem = () => {
    if (readPreference() !== 'system') return;
    applyMode(media.matches);
    onChange();
  };
  const onStorage = (event: StorageEvent) => {
    if (!concernsColorMode(event.key)) return;
    applyMode(isDarkFor(readPreference(), media.matches));
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', onSystem);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', onSystem);
  };
}

const isDarkNow = () => document.documentElement.classList.contains('dark');

/**
 * `dark` and `preference` are null during SSR and hydration (the server cannot know), so server
 * and client render the same markup; afterwards they follow the <html> class and the storage.
 */
export function useColorMode(): { dark: boolean | null; preference: ColorModePreference | null; toggle: () => void; choose: (preference: ColorModePreference) => void } {
  const dark = useSyncExternalStore(subscribe, isDarkNow, () => null);
  const preference = useSyncExternalStore(subscribe, readPreference, () => null);

  const toggle = useCallback(() => setPreference((dark ?? systemPrefersDark()) ? 'light' : 'dark'), [dark]);

  return { dark, preference, toggle, choose: setPreference };
}
