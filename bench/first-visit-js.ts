/**
 * The JavaScript a first visit downloads, brotli-compressed, on the five measured pages (home, a
 * topic with comments, an article, a profile, search), read from the existing client build
 * (`build/client`, or SABAI_BUILD_DIR's): builds nothing. Issue 32's budget: 120 KB a page.
 *
 * For each page the files are React Router's: the entry module and its static imports, then each
 * matched route's module (root, layout, page) and its static imports, from the route manifest the
 * build wrote (tests/support/first-visit.ts, which tests/e2e/first-visit-js.spec.ts holds to a
 * budget). Dynamic imports (`import()`, `lazy()`) are not counted: they load when something asks
 * for them. Each file's size is its stored `.br` copy (scripts/precompress.mjs, quality 11), or the
 * file compressed here at quality 11 when no copy was kept.
 *
 *   npx tsx bench/first-visit-js.ts [--paths /,/topic/1,/article/2,/user/1,/search?q=visa]
 *                                   [--files] [--browser] [--budget 120]
 *
 * --files lists every file of every page (biggest first), not just the totals and the biggest few.
 * --browser also starts the build's server on a seeded forum (tests/support/lighthouse.ts's pages,
 * which then give the paths), opens each page once in Chromium as an anonymous visitor and lists
 * the `/assets/*.js` it fetched before the network went idle (no interaction), beside the
 * manifest's list: what only one side has is printed (the page's locale messages, loaded by
 * entry.client.tsx before hydration, is the expected difference).
 */
import { pageScripts, readBuildManifest, sizeOf, type PageScripts } from '../tests/support/first-visit';
import { arg } from './lib';

const DEFAULT_PATHS = ['/', '/topic/1', '/article/2', '/user/1', '/search?q=visa'];
const PAGE_NAMES = ['home', 'topic', 'article', 'profile', 'search'] as const;
const BIGGEST_SHOWN = 8;
/** Quiet time after hydration that ends a browser load. */
const QUIET_MS = 1000;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printPage(page: PageScripts, all: boolean): void {
  const sorted = [...page.files].sort((a, b) => b.br - a.br);
  const shown = all ? sorted : sorted.slice(0, BIGGEST_SHOWN);
  console.log(`\n${page.name} ${page.path}: ${page.files.length} files, ${kb(page.br)} KB br`);
  for (const f of shown) console.log(`  ${kb(f.br).padStart(6)} KB br ${kb(f.raw).padStart(7)} KB  ${f.href}`);
  if (!all && sorted.length > shown.length) {
    const rest = sorted.slice(shown.length);
    console.log(`  ${kb(rest.reduce((s, f) => s + f.br, 0)).padStart(6)} KB br in ${rest.length} more files`);
  }
}

/** The `/assets/*.js` Chromium fetched for `url` before the network went idle, as an anonymous visitor. */
async function browserScripts(url: string): Promise<string[]> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const fetched = new Set<string>();
    let lastRequest = Date.now();
    page.on('request', (request) => {
      lastRequest = Date.now();
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) fetched.add(pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The scripts start after the first frame (server-scripts.tsx), which 'networkidle' can beat:
    // wait for React's hydration (root.tsx marks <html data-hydrated>), then a second without a request.
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 });
    while (Date.now() - lastRequest < QUIET_MS) await page.waitForTimeout(100);
    return [...fetched];
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const budget = Number(arg('budget') ?? 120);
  const withBrowser = process.argv.includes('--browser');
  let server: { url: string; stop: () => Promise<void> } | null = null;
  let paths = arg('paths')?.split(',') ?? DEFAULT_PATHS;
  if (withBrowser) {
    const { startServer } = await import('../tests/support/e2e-server');
    const { seedLighthousePages } = await import('../tests/support/lighthouse');
    const started = await startServer({ installed: true });
    server = started;
    paths = (await seedLighthousePages(started)).map((p) => p.path);
  }
  try {
    const manifest = readBuildManifest();
    // Given paths are named by themselves; the five measured pages by their kind.
    const pages = paths.map((p, i) => pageScripts(manifest, arg('paths') ? p : (PAGE_NAMES[i] ?? p), p));
    for (const page of pages) printPage(page, process.argv.includes('--files'));
    console.log(`\nFirst-visit JavaScript (brotli 11, static imports only; budget ${budget} KB):`);
    for (const page of pages) console.log(`  ${page.name.padEnd(8)} ${kb(page.br).padStart(6)} KB  ${page.files.length} files  ${page.br / 1024 <= budget ? 'ok' : `over by ${kb(page.br - budget * 1024)}`}  ${page.path}`);
    if (server) await compareWithBrowser(pages, server.url);
  } finally {
    await server?.stop();
  }
}

/** Prints, per page, what Chromium fetched that the manifest did not list, and the reverse. */
async function compareWithBrowser(pages: PageScripts[], base: string): Promise<void> {
  console.log('\nChromium, anonymous first visit until the network is idle:');
  for (const page of pages) {
    const fetched = await browserScripts(base + page.path);
    const listed = new Set(page.files.map((f) => f.href));
    const extra = fetched.filter((href) => !listed.has(href)).map((href) => sizeOf(href));
    const missing = page.files.filter((f) => !fetched.includes(f.href));
    const total = fetched.reduce((sum, href) => sum + sizeOf(href).br, 0);
    console.log(`  ${page.name.padEnd(8)} fetched ${fetched.length} files, ${kb(total)} KB br`);
    for (const f of extra) console.log(`    + ${kb(f.br).padStart(5)} KB ${f.href} (not in the static list)`);
    for (const f of missing) console.log(`    - ${kb(f.br).padStart(5)} KB ${f.href} (listed, not fetched)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
