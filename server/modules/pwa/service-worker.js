/* global self, caches */
/**
 * Sabai's service worker (issue 27), served at /sw.js with scope `/` (pwa.usecases.ts prepends
 * `const SHELL_VERSION = '…'`, a hash of this file as served, so a new worker is a new cache).
 *
 * Why a plain script here and not a TypeScript source or a file in public/: a service worker is
 * a classic script with no imports, so it needs no compiler; the server serves it (not the
 * static files) because it must carry a version, `Service-Worker-Allowed: /` and `no-cache`,
 * and that is the pwa feature's declared action. The server build copies it beside main.js, as
 * it does the image worker (scripts/build-server.mjs), and stamps it with the client build's
 * hash, so each deploy installs a fresh shell.
 *
 * What it does, and above all what it never does:
 * - install: keeps the offline page and the hashed files it needs (its stylesheet) in a
 *   versioned cache; activate: deletes every older cache of ours, then takes the open tabs.
 * - `/assets/*` (hashed, immutable): from the cache, else from the network (then kept).
 * - page navigations: from the network, always; when the network fails, the offline page.
 *   Pages are never kept: a member's pages are personal, and even a public page is only
 *   current when the server says so.
 * - never touched, never kept: any method but GET, other origins, `/api/*`, the uploads, and
 *   any answer marked `private`/`no-store` or setting a cookie.
 * - push: a notification from the JSON payload `{title, body, url, tag}`; a click focuses a tab
 *   of the site (or opens one) at the notification's address, on this site only.
 */

const CACHE_PREFIX = 'sabai-shell-';
const CACHE_NAME = CACHE_PREFIX + SHELL_VERSION; // eslint-disable-line no-undef -- prepended by the server
const OFFLINE_URL = '/offline';
const ICON_URL = '/icons/icon-192.png';

/** The reader's language, from the registration's address (`/sw.js?lang=zh-CN`): the offline page's. */
function readerLanguage() {
  const lang = new URL(self.location.href).searchParams.get('lang');
  return lang === 'zh-CN' || lang === 'en-US' ? lang : '';
}

/** Hashed build files (`/assets/app-3f2a….css`) named by a page: what it needs to look right. */
function assetsOf(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"?#]+)"/g)) found.add(match[1]);
  return [...found];
}

/**
 * Whether an answer may be kept: a whole answer from this origin that nobody marked personal.
 * (A `Set-Cookie` header is hidden from scripts, so its check is a second lock that only a
 * misconfigured proxy would ever open: the server marks every cookie-setting answer private.)
 */
function keepable(response) {
  if (!response || !response.ok || response.type !== 'basic') return false;
  const cacheControl = (response.headers.get('cache-control') || '').toLowerCase();
  if (/\b(no-store|private)\b/.test(cacheControl)) return false;
  return !response.headers.has('set-cookie');
}

/** Addresses that are never answered from, nor written to, the cache. */
function untouchable(url) {
  return url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/') || url.pathname === '/sw.js';
}

/** The offline page in the reader's language, asked as nobody: no cookie, so nothing personal in it. */
async function precacheShell() {
  const headers = readerLanguage() ? { 'accept-language': readerLanguage() } : {};
  const page = await fetch(new Request(OFFLINE_URL, { credentials: 'omit', cache: 'no-store', headers }));
  if (!keepable(page)) throw new Error(`offline page not cacheable (${page.status})`);
  const cache = await caches.open(CACHE_NAME);
  const html = await page.clone().text();
  await cache.put(OFFLINE_URL, page);
  await cache.addAll(assetsOf(html).map((path) => new Request(path, { credentials: 'omit' })));
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)));
}

self.addEventListener('install', (event) => {
  // Take over at once: the shell is hashed files and one page, nothing an open tab depends on.
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await dropOldCaches();
      // The page's request starts while the worker wakes up, instead of waiting for it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** A hashed file: the kept copy, else the network's, kept when it may be. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE_NAME);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(response)) await cache.put(request, response.clone());
  return response;
}

/** A page: the network's answer whatever it is (never kept); the offline page when there is no network. */
async function networkThenOffline(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded || (await fetch(event.request));
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: CACHE_NAME });
    return offline || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (untouchable(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkThenOffline(event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  // Anything else (icons, the manifest, feeds): the browser's own HTTP cache decides.
});

/** An address on this site, or the home page: a notification never sends anyone elsewhere. */
function siteUrl(address) {
  try {
    const url = new URL(typeof address === 'string' && address ? address : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

/** The push payload `{title, body, url, tag}` (another part of issue 27 sends it); text stands in for a broken one. */
function readPush(data) {
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    payload = { body: data ? data.text() : '' };
  }
  const text = (value) => (typeof value === 'string' ? value : '');
  return {
    title: text(payload.title) || self.location.host,
    body: text(payload.body),
    tag: text(payload.tag) || undefined,
    url: siteUrl(payload.url),
  };
}

self.addEventListener('push', (event) => {
  const message = readPush(event.data);
  event.waitUntil(self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url }, icon: ICON_URL }));
});

/** A tab already at the address, else any tab of the site taken there, else a new one. */
async function openSiteAt(address) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = tabs.find((tab) => tab.url === address);
  if (same) return same.focus();
  const ours = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
  if (ours) {
    const focused = await ours.focus();
    // navigate() works on tabs this worker controls; another tab just comes to the front.
    if ('navigate' in focused) return focused.navigate(address).catch(() => focused);
    return focused;
  }
  return self.clients.openWindow(address);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(openSiteAt(siteUrl(data.url)));
});
