/**
 * Lighthouse benchmark (issue 31 item 6, "measured comfort"): accessibility, best practices, SEO
 * and performance, phone settings, of five pages — home, a topic, an article, a profile and
 * search — in every interface language (LOCALES, chosen by the `locale` cookie), on a fresh
 * installed forum seeded through the API. Prints a table page × language × four scores, then the
 * ids of the audits that cost points in every category under 100, and how long each run took.
 * The suite holds the first three at 95 or more (tests/e2e/lighthouse.spec.ts); performance is
 * printed, not asserted (Lighthouse's simulated throttling: a mid-range phone on a slow 4G link).
 *
 *   npx tsx bench/lighthouse.ts [--url URL --pages /,/topic/1,…] [--categories accessibility,seo]
 *                               [--locales en-US,th-TH] [--quick] [--calibrate]
 *                               [--json FILE] [--lhr DIR]
 *
 * With performance, it also prints each run's metrics (FCP, LCP, TBT, speed index, CLS) and its
 * LCP element with the time in each phase (issue 32).
 *
 * Serves the production build (`npm run build` first) from tests/support/e2e-server.ts; one
 * Debian Chromium (/usr/bin/chromium, --headless=new; LIGHTHOUSE_CHROMIUM for another build)
 * for every run. With --url it measures a running forum instead (its own content, given paths).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES, type Locale } from '../common/constants';
import { startServer, type E2eServer } from '../tests/support/e2e-server';
import {
  ACCEPTED_FAILURES,
  ALL_CATEGORIES,
  launchChromium,
  MIN_SCORE,
  runLighthouse,
  scoreWithout,
  seedLighthousePages,
  type Category,
  type LighthousePage,
  type LighthouseScores,
} from '../tests/support/lighthouse';
import { arg } from './lib';

const categories = (arg('categories')?.split(',') as Category[] | undefined) ?? [...ALL_CATEGORIES];
// --quick: the suite's short quiet windows (QUICK_WINDOWS), to time the check's runs.
const quick = process.argv.includes('--quick');
// --calibrate: the suite's CPU slowdown from each run's own BenchmarkIndex (calibratedSlowdown).
const calibrate = process.argv.includes('--calibrate');
const givenUrl = arg('url');
const locales = (arg('locales')?.split(',') as Locale[] | undefined) ?? [...LOCALES];

const started = Date.now();
let server: E2eServer | null = null;
let base: string;
let pages: LighthousePage[];
if (givenUrl) {
  base = givenUrl.replace(/\/$/, '');
  pages = (arg('pages') ?? '/').split(',').map((p, i) => ({ name: (['home', 'topic', 'article', 'profile', 'search'] as const)[i] ?? 'home', path: p }));
} else {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Lighthouse' } });
  base = server.url;
  pages = await seedLighthousePages(server);
}
const chromium = await launchChromium();
// The machine's load average (1 min) when each run ended: simulated throttling scales with it.
const load = new Map<LighthouseScores, string>();
const rows: Array<{ page: LighthousePage; locale: string; result: LighthouseScores }> = [];
try {
  for (const page of pages) {
    for (const locale of locales) {
      // Lighthouse's own hiccups (NO_NAVSTART: the trace missed the navigation) get one more try.
      let result: LighthouseScores;
      try {
        result = await runLighthouse(chromium.port, base + page.path, locale, { categories, quick, calibrate });
      } catch (error) {
        console.log(`\n${page.name} ${locale}: ${(error as Error).message.split('\n')[0]}; again`);
        result = await runLighthouse(chromium.port, base + page.path, locale, { categories, quick, calibrate });
      }
      rows.push({ page, locale, result });
      load.set(result, (os.loadavg()[0] ?? 0).toFixed(1));
      process.stdout.write('.');
    }
  }
} finally {
  await chromium.close();
  await server?.stop();
}
process.stdout.write('\n');

const short: Record<Category, string> = { accessibility: 'a11y', 'best-practices': 'best', seo: 'seo', performance: 'perf' };
const header = ['page'.padEnd(8), 'language'.padEnd(8), ...categories.map((c) => short[c].padStart(5)), 'ms'.padStart(6)].join(' ');
console.log(`\nLighthouse, simulated throttling${quick ? ', quick windows' : ''}, phone settings, ${pages.length} pages × ${locales.length} languages\n`);
console.log(header);
console.log('-'.repeat(header.length));
for (const { page, locale, result } of rows) {
  const cells = categories.map((c) => {
    const score = result.scores[c];
    const text = score === null || score === undefined ? '–' : String(score);
    // A star marks a checked category under the suite's bar.
    return (c !== 'performance' && typeof score === 'number' && score < MIN_SCORE ? `*${text}` : text).padStart(5);
  });
  console.log([page.name.padEnd(8), locale.padEnd(8), ...cells, String(result.ms).padStart(6)].join(' '));
}

if (categories.includes('performance')) {
  console.log('\nPerformance metrics and LCP element (simulated):');
  for (const { page, locale, result } of rows) {
    console.log(`  ${page.name} ${locale} (benchmark index ${Math.round(result.benchmarkIndex)}, CPU ×${result.cpuSlowdown}, load ${load.get(result)}): ${Object.entries(result.metrics).map(([id, value]) => `${id.replace(/-/g, ' ')} ${value}`).join(', ')}`);
    if (result.lcp) console.log(`    LCP ${result.lcp.element} — ${result.lcp.phases}`);
  }
}

console.log('\nAudits under full marks (category: audit ids):');
let any = false;
for (const { page, locale, result } of rows) {
  for (const c of categories) {
    const failing = result.failing[c] ?? [];
    if (failing.length === 0) continue;
    any = true;
    const accepted = ACCEPTED_FAILURES[page.name] ?? {};
    const acceptedHere = failing.filter((id) => id in accepted);
    const without = acceptedHere.length > 0 ? `; ${scoreWithout(result, c, acceptedHere)} without the accepted` : '';
    console.log(`  ${page.name} ${locale} ${c}: ${failing.map((id) => (id in accepted ? `${id} (accepted)` : id)).join(', ')}${without}`);
  }
  for (const warning of result.warnings) console.log(`  ${page.name} ${locale} warning: ${warning}`);
}
if (!any) console.log('  none');
const runMs = rows.reduce((sum, r) => sum + r.result.ms, 0);
console.log(`\n${rows.length} runs in ${(runMs / 1000).toFixed(1)} s (${(runMs / rows.length / 1000).toFixed(1)} s each); whole benchmark ${((Date.now() - started) / 1000).toFixed(1)} s`);

const jsonFile = arg('json');
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(rows.map(({ page, locale, result: { lhr: _lhr, ...result } }) => ({ page: page.name, path: page.path, locale, ...result })), null, 2));
// --lhr DIR: each run's whole Lighthouse result (page-locale.json), to read its audits.
const lhrDir = arg('lhr');
if (lhrDir) {
  mkdirSync(lhrDir, { recursive: true });
  for (const { page, locale, result } of rows) writeFileSync(path.join(lhrDir, `${page.name}-${locale}.json`), JSON.stringify(result.lhr));
}
