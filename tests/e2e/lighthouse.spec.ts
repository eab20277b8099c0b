/**
 * Measured comfort (issue 31 item 6): Lighthouse's accessibility, best-practices and SEO scores,
 * phone settings, at 95 or more on home, a topic, an article, a profile and search, in every
 * interface language (LOCALES; the `locale` cookie chooses it). One fresh installed forum seeded
 * through the API and one Debian Chromium (/usr/bin/chromium, --headless=new) for all runs.
 * Performance (issue 32) runs in the same run for one language per page (PERFORMANCE_LOCALE):
 * every text answer must be compressed, the page's JavaScript stay within SCRIPT_BUDGET_BYTES, and
 * the score reach MIN_PERFORMANCE in the best of PERFORMANCE_TRIES runs calibrated to the host's
 * speed (MIN_PERFORMANCE's comment says why that is fair and still fails a slow page);
 * bench/lighthouse.ts prints every score with the audits that cost points. The audits in ACCEPTED_FAILURES are left out of
 * their page's score, and the check fails when one of them starts passing (the list went stale).
 *
 * Cost: about 3 s a run on an idle two-core machine (most of it Lighthouse's own gathering:
 * benchmarking the CPU, loading the page, running axe); the file logs its total.
 */
import { expect, test } from '@playwright/test';
import { LOCALES, type Locale } from '../../common/constants';
import { startServer, type E2eServer } from '../support/e2e-server';
import {
  ACCEPTED_FAILURES,
  CHECKED_CATEGORIES,
  launchChromium,
  MIN_PERFORMANCE,
  MIN_SCORE,
  PERFORMANCE_LOCALE,
  PERFORMANCE_TRIES,
  runLighthouse,
  SCRIPT_BUDGET_BYTES,
  scoreWithout,
  seedLighthousePages,
  type LighthousePage,
  type LighthouseScores,
  type RunningChromium,
} from '../support/lighthouse';
import { attachServerOutputOnFailure } from '../support/page';

const PAGES: ReadonlyArray<LighthousePage['name']> = ['home', 'topic', 'article', 'profile', 'search'];

let server: E2eServer;
let chromium: RunningChromium;
let paths: Map<LighthousePage['name'], string>;
let started = 0;
let runs = 0;

test.beforeAll(async () => {
  started = Date.now();
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Lighthouse' } });
  paths = new Map((await seedLighthousePages(server)).map((page) => [page.name, page.path]));
  chromium = await launchChromium();
});

test.afterAll(async () => {
  await chromium?.close();
  await server?.stop();
  console.log(`lighthouse: ${runs} runs, ${((Date.now() - started) / 1000).toFixed(1)} s with the server's start and seeding`);
});

attachServerOutputOnFailure(() => server);

/**
 * One run, and one more when Lighthouse's own recording failed (NO_NAVSTART: the trace missed
 * the navigation, seen on the first run after the browser started on a busy machine), as
 * bench/lighthouse.ts does.
 */
async function runOnce(path: string, locale: Locale, options: Parameters<typeof runLighthouse>[3]): Promise<LighthouseScores> {
  try {
    return await runLighthouse(chromium.port, server.url + path, locale, options);
  } catch (error) {
    console.log(`lighthouse ${path} ${locale}: ${(error as Error).message.split('\n')[0]}; again`);
    return await runLighthouse(chromium.port, server.url + path, locale, options);
  }
}

function scoreOf(result: LighthouseScores): number {
  return result.scores.performance ?? 0;
}

/** A run's score with its metrics and the host's speed it was calibrated to, for the report. */
function describe(result: LighthouseScores): string {
  const metrics = Object.entries(result.metrics)
    .map(([id, value]) => `${id} ${value}`)
    .join(', ');
  return `${scoreOf(result)} (${metrics}; benchmark index ${Math.round(result.benchmarkIndex)}, CPU ×${result.cpuSlowdown})`;
}

for (const name of PAGES) {
  for (const locale of LOCALES) {
    const performance = locale === PERFORMANCE_LOCALE;
    test(`${name} in ${locale}: accessibility, best practices and SEO at ${MIN_SCORE} or more${performance ? `, performance at ${MIN_PERFORMANCE} or more, every text compressed and its scripts within budget` : ''}`, async () => {
      const path = paths.get(name)!;
      // The cookie Lighthouse sends chooses the language the page is rendered in.
      const html = await (await fetch(server.url + path, { headers: { cookie: `locale=${locale}`, accept: 'text/html' } })).text();
      expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`));

      const categories = performance ? [...CHECKED_CATEGORIES, 'performance' as const] : CHECKED_CATEGORIES;
      // The performance run is calibrated and keeps Lighthouse's full quiet windows (a shortened
      // trace could end before a late long task); the others take the quick ones.
      const result = await runOnce(path, locale, { categories, quick: true, calibrate: performance });
      runs += 1;
      expect(result.formFactor).toBe('mobile');
      const accepted = ACCEPTED_FAILURES[name] ?? {};
      const acceptedIds = Object.keys(accepted);
      for (const category of CHECKED_CATEGORIES) {
        const score = scoreWithout(result, category, acceptedIds);
        const failing = (result.failing[category] ?? []).filter((id) => !(id in accepted));
        expect(score, `${category} of ${path} in ${locale} (Lighthouse ${result.scores[category]}); audits under full marks: ${failing.join(', ') || 'none'}`).toBeGreaterThanOrEqual(MIN_SCORE);
      }
      if (performance) {
        expect(result.transfer?.textCompressed, `every text answer of ${path} compressed`).toBe(true);
        expect(result.transfer?.scriptBytes ?? Infinity, `JavaScript transferred by ${path}`).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES);
        const tries = [result];
        while (tries.length < PERFORMANCE_TRIES && Math.max(...tries.map(scoreOf)) < MIN_PERFORMANCE) {
          tries.push(await runOnce(path, locale, { categories: ['performance'], calibrate: true }));
          runs += 1;
        }
        const best = tries.reduce((a, b) => (scoreOf(b) > scoreOf(a) ? b : a));
        const described = tries.map(describe).join('; ');
        test.info().annotations.push({ type: 'performance', description: described });
        console.log(`lighthouse performance, ${name}: ${described}`);
        expect(scoreOf(best), `performance of ${path}, best of ${tries.length} calibrated runs: ${described}`).toBeGreaterThanOrEqual(MIN_PERFORMANCE);
      }
      // An accepted failure that no longer fails is a stale exception: remove it from the list.
      const allFailing = CHECKED_CATEGORIES.flatMap((category) => result.failing[category] ?? []);
      for (const id of acceptedIds) expect(allFailing, `${id} is accepted on ${name} (${accepted[id]}) but passes`).toContain(id);
    });
  }
}
