/**
 * Stale build / chunk load errors (spec §8): after a deploy, an open tab may ask for chunks that
 * no longer exist. Reload the page to pick up the new build — at most once per 10 s per path
 * (sessionStorage timestamp), so a genuinely broken page cannot loop.
 *
 * What this module covers: Vite's `vite:preloadError` (a lazily imported chunk or its CSS, e.g.
 * the header menus, the toast viewport, the editor) and chunk errors that reach an <ErrorPage>
 * (a lazy component's import throwing during render).
 *
 * What it does not cover — React Router reloads by itself, outside this rule:
 * - A route module that fails to import during a client navigation: `loadRouteModule` logs
 *   "Error loading route module …, reloading page..." and calls `window.location.reload()`
 *   unconditionally. `location.reload` cannot be intercepted (the Location object's members
 *   are unforgeable) and no router option or event exposes the failure, so there is no cheap
 *   way to apply the 10 s rule to it. It cannot loop on its own: the reloaded page is server
 *   rendered with the new build's manifest, and another attempt needs another navigation.
 * - A manifest version mismatch found by lazy route discovery: a document navigation to the
 *   target, which React Router itself allows once per manifest version (sessionStorage key
 *   `react-router-manifest-version`).
 * - Single-fetch answers asking for a document reload (`X-Remix-Reload-Document`).
 * A reload of ours that follows one of these on the same path is still capped by this rule.
 */
import { UI_TIMING } from '../../common/constants';

const KEY_PREFIX = 'sabai:stale-reload:';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk \S+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR.test(text);
}

/** True when a reload for `path` is allowed now; records the attempt. */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'>, path: string, now: number): boolean {
  const key = KEY_PREFIX + path;
  const last = Number(storage.getItem(key) ?? 0);
  if (Number.isFinite(last) && now - last < UI_TIMING.staleReloadWindowMs) return false;
  storage.setItem(key, String(now));
  return true;
}

/** Reloads the page when allowed; returns whether it did. */
export function reloadForStaleBuild(): boolean {
  try {
    if (!claimReload(window.sessionStorage, window.location.pathname, Date.now())) return false;
  } catch {
    return false; // no sessionStorage: never risk a loop
  }
  window.location.reload();
  return true;
}

/** Vite fires `vite:preloadError` when a lazy chunk fails to load. */
export function installStaleBuildReload(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadForStaleBuild()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
