/**
 * Lighthouse (issue 31 item 6, "measured comfort") on the forum's pages, shared by the check in
 * the suite (tests/e2e/lighthouse.spec.ts) and the benchmark (bench/lighthouse.ts):
 *
 *   const chromium = await launchChromium();          // one browser for every run
 *   const pages = await seedLighthousePages(server);   // home, a topic, an article, a profile, search
 *   const result = await runLighthouse(chromium.port, server.url + pages[0].path, 'zh-CN', { categories: CHECKED_CATEGORIES });
 *   await chromium.close();
 *
 * Debian's full Chromium (/usr/bin/chromium, --headless=new) started with a DevTools port, which
 * Lighthouse drives over CDP: no downloaded browser, and no chrome-launcher (it only starts a
 * process and reads its port, done here in a few lines). Lighthouse's default settings are a
 * phone's (formFactor mobile, a 412 px wide screen); the interface language comes from the
 * `locale` cookie, sent as a header with every request of the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { defaultConfig, type Config, type Flags, type Result } from 'lighthouse';
import { LOCALE_COOKIE, type Locale } from '../../common/constants';
import { E2E_ADMIN, stopProcess, type E2eServer } from './e2e-server';

export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The categories the suite holds at MIN_SCORE; the benchmark adds performance. */
export const CHECKED_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;
export const ALL_CATEGORIES = [...CHECKED_CATEGORIES, 'performance'] as const;
export type Category = (typeof ALL_CATEGORIES)[number];
export const MIN_SCORE = 95;
/**
 * What the suite holds of performance (issue 32), once per page in PERFORMANCE_LOCALE (the
 * languages share the build files): every text answer compressed (Lighthouse's
 * `uses-text-compression`), the JavaScript the page transfers within SCRIPT_BUDGET_BYTES, and the
 * performance score at MIN_PERFORMANCE or more in the best of PERFORMANCE_TRIES calibrated runs.
 *
 * Why calibrated and the best of a few: Lighthouse simulates the phone from the trace of one real
 * load on this machine, multiplying the main-thread time it saw by a CPU slowdown. On a busy
 * machine every task took longer (the renderer waited for a core), so the same build scored 82 at
 * load 4 and 57 at load 25. Scaling the slowdown by the main thread's share of a core during the
 * run's own trace (calibratedSlowdown) takes that waiting out; what is left of the load only
 * ever adds time (a task is never quicker for sharing the cores), so the best of a few runs is the
 * one nearest the page's own cost. A slow page stays slow in every run: its scripts' bytes, its
 * render-blocking requests and its main-thread work are the page's, not the machine's, and the
 * check fails when no run reaches the floor. The floor (90) is under the goal (95, printed by
 * bench/lighthouse.ts) by the spread the calibrated runs still show on a loaded machine.
 */
export const MIN_PERFORMANCE = 90;
export const PERFORMANCE_TRIES = 3;
export const PERFORMANCE_LOCALE = 'en-US' satisfies Locale;
/**
 * Compressed JavaScript a page transfers, lazy parts included: a budget against regressions, about
 * a tenth above the heaviest page of the check's forum (the topic page, 231 KiB, issue 32).
 */
export const SCRIPT_BUDGET_BYTES = 260 * 1024;

/** The pages measured: name and path on the seeded forum. */
export interface LighthousePage {
  name: 'home' | 'topic' | 'article' | 'profile' | 'search';
  path: string;
}

/**
 * Audits a page may fail on purpose, with the reason: the check accepts these (and only on the
 * named page); the benchmark still lists them.
 */
export const ACCEPTED_FAILURES: Partial<Record<LighthousePage['name'], Record<string, string>>> = {
  search: {
    // "Page is blocked from indexing": app/routes/search.tsx answers `robots: noindex, follow` on
    // purpose. Google's guidelines ask sites to keep their search results pages out of its
    // results (endless near-duplicate pages of one keyword); the hits' own pages are indexable.
    'is-crawlable': 'search results pages are noindex on purpose (Google: keep internal search results out of search results)',
  },
};

export interface RunningChromium {
  port: number;
  process: ChildProcess;
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium headless with a DevTools port chosen by the browser itself
 * (--remote-debugging-port=0), read from the "DevTools listening on ws://…" line it prints.
 */
export async function launchChromium(executable = process.env.LIGHTHOUSE_CHROMIUM ?? FULL_CHROMIUM): Promise<RunningChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'sabai-lighthouse-chromium-'));
  const child = spawn(
    executable,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${executable} printed no DevTools port within 30 s:\n${log}`)), 30_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${executable} exited with ${code}:\n${log}`));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-10_000);
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  const close = async () => {
    await stopProcess(child);
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, process: child, close };
}

async function api<T>(server: E2eServer, route: string, token: string | null, data: Record<string, unknown>): Promise<T> {
  const res = await fetch(server.url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-user-token': token } : {}) },
    body: JSON.stringify(data),
  });
  const body = (await res.json()) as { success: boolean; data: T; message?: string };
  if (!body.success) throw new Error(`${route} failed (${res.status}): ${body.message}`);
  return body.data;
}

/**
 * Writes what the five pages show on a fresh installed forum (as its admin, through the API): a
 * topic with a comment, an article with a comment; answers the pages' paths. The search page
 * searches a word of the topic's title.
 */
export async function seedLighthousePages(server: E2eServer): Promise<LighthousePage[]> {
  const { token, user } = await api<{ token: string; user: { id: number } }>(server, '/api/login/signin', null, {
    username: E2E_ADMIN.username,
    password: E2E_ADMIN.password,
  });
  const topic = await api<{ id: number }>(server, '/api/topic/create', token, {
    title: 'Chiang Mai visa guide for long stays',
    content:
      '<p>Bring two photos and your passport to the immigration office. <a href="https://example.com/visa">The official visa page</a> lists the fees.</p><p>清迈的签证办理很顺利。</p>',
  });
  await api(server, '/api/comment/create', token, { entityType: 'topic', entityId: topic.id, content: '<p>Thanks, the photos tip saved me a second trip.</p>', contentType: 'html' });
  const article = await api<{ id: number }>(server, '/api/article/create', token, {
    title: 'Slow coffee in Chiang Mai',
    content: '<h2>Where to start</h2><p>Three cafés in the old city, each with its own roast. 清迈最好的咖啡。</p><p>Open early, close before dinner.</p>',
  });
  await api(server, '/api/comment/create', token, { entityType: 'article', entityId: article.id, content: '<p>The second café is my favourite.</p>', contentType: 'html' });
  return [
    { name: 'home', path: '/' },
    { name: 'topic', path: `/topic/${topic.id}` },
    { name: 'article', path: `/article/${article.id}` },
    { name: 'profile', path: `/user/${user.id}` },
    { name: 'search', path: `/search?q=${encodeURIComponent('visa')}` },
  ];
}

export interface LighthouseScores {
  /** 0–100 per category run (null when Lighthouse could not score it). */
  scores: Partial<Record<Category, number | null>>;
  /** Per category: the ids of its weighted audits that did not score full marks. */
  failing: Partial<Record<Category, string[]>>;
  /** Per category: its weighted audits' weights and scores (0–1), to score it without some. */
  audits: Partial<Record<Category, Array<{ id: string; weight: number; score: number }>>>;
  /** The page's final address and Lighthouse's run warnings (a redirect, a slow page…). */
  finalUrl: string;
  /** The device Lighthouse emulated ('mobile': its phone settings). */
  formFactor: string;
  warnings: string[];
  /** With performance: its metrics as Lighthouse shows them (`largest-contentful-paint: '1.9 s'`). */
  metrics: Record<string, string>;
  /** With performance: the LCP element (its HTML's start) and the time in each of its phases. */
  lcp: { element: string; phases: string } | null;
  /** With performance: bytes of JavaScript transferred (compressed), and whether every text answer was compressed. */
  transfer: { scriptBytes: number; textCompressed: boolean } | null;
  /** Lighthouse's measure of the host's speed before the run (its BenchmarkIndex): printed, not used. */
  benchmarkIndex: number;
  /** The CPU slowdown the performance score was simulated with (4 unless calibrated). */
  cpuSlowdown: number;
  /** The whole Lighthouse result, for a closer look (bench/lighthouse.ts --lhr DIR). */
  lhr: Result;
  ms: number;
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'] as const;

/** Script bytes on the wire (network-requests audit) and the text-compression audit's verdict. */
function transferOf(lhr: Result): LighthouseScores['transfer'] {
  const requests = lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined;
  const scriptBytes = (requests?.items ?? []).filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return { scriptBytes, textCompressed: lhr.audits['uses-text-compression']?.score === 1 };
}

/** The LCP element audit's details: a list of two tables, the element's node and its phases. */
function lcpOf(lhr: Result): LighthouseScores['lcp'] {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: Array<{ items?: Array<{ node?: { snippet?: string }; phase?: string; timing?: number }> }> }
    | undefined;
  const [nodes, phases] = details?.items ?? [];
  const element = nodes?.items?.[0]?.node?.snippet;
  if (!element) return null;
  return {
    element: element.slice(0, 120),
    phases: (phases?.items ?? []).map((row) => `${row.phase} ${Math.round(row.timing ?? 0)} ms`).join(', '),
  };
}

/**
 * Lighthouse's default configuration cut down to `categories`: only their audits are loaded and
 * run (104 of 179 for the three checked ones), which saves about a second a run on a busy machine.
 */
export function configFor(categories: readonly Category[]): Config {
  const wanted = new Set(categories.flatMap((c) => defaultConfig.categories?.[c]?.auditRefs.map((ref) => ref.id) ?? []));
  const auditName = (audit: NonNullable<Config['audits']>[number]) => (typeof audit === 'string' ? audit : 'path' in audit && typeof audit.path === 'string' ? audit.path : '').split('/').pop() ?? '';
  return {
    ...defaultConfig,
    audits: (defaultConfig.audits ?? []).filter((audit) => wanted.has(auditName(audit))),
    categories: Object.fromEntries(categories.map((c) => [c, defaultConfig.categories![c]!])),
  };
}

/**
 * Quiet windows for runs that score no speed: Lighthouse waits a second of network and main-thread
 * quiet, and a second after first paint and load, before it gathers; a quarter of that still
 * finds the page loaded and hydrated (its scripts are in, no long task runs) and saves ~2 s a run.
 */
export const QUICK_WINDOWS = { pauseAfterFcpMs: 0, pauseAfterLoadMs: 0, networkQuietThresholdMs: 250, cpuQuietThresholdMs: 250 } as const;

/** Lighthouse's default CPU slowdown (mobileSlow4G): a mid-tier phone from a desktop-class host. */
const DEFAULT_CPU_SLOWDOWN = 4;
/**
 * The least share of the page's main thread's time on a core that a run is calibrated to: below
 * it the machine was too busy to say anything, and the run is not calibrated further, so a very
 * busy machine can only make a score worse.
 */
const MIN_CPU_SHARE = 0.2;

/**
 * The CPU slowdown that models the same phone whatever the machine's load. Lighthouse simulates
 * the phone by multiplying the main-thread time it observed (wall time) by the slowdown; on a
 * machine whose other processes took the cores, the page's tasks took longer without doing more
 * work. The trace tells how much: each task's thread time (`tdur`, time on a core) beside its wall
 * time (`dur`). With the slowdown scaled by that share, the simulated phone runs the page's work at
 * a quarter of this machine's speed, as Lighthouse's default does on an idle host (where the share
 * is about 1). Lighthouse's docs calibrate to the host's BenchmarkIndex instead
 * (docs/throttling.md): right for a host's steady speed, but here the load changes by the second
 * (the index went 700–2,100 in eight consecutive runs at load 15) and the index is measured
 * before the page loads, so it does not say how busy the machine was during the trace.
 */
export function calibratedSlowdown(cpuShare: number): number {
  const share = Math.min(1, Math.max(MIN_CPU_SHARE, cpuShare));
  return Math.round(DEFAULT_CPU_SLOWDOWN * share * 100) / 100;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
}

/**
 * The share of its wall time the page's main thread spent on a core, over its tasks from the
 * navigation on: thread time over wall time of the top-level tasks (`RunTask`) of the main
 * frame's renderer thread (`CrRendererMain` of the process that navigated). 1 when no task is found.
 */
export function mainThreadCpuShare(events: readonly TraceEvent[]): number {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  if (!navigation) return 1;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === navigation.pid && e.args?.name === 'CrRendererMain');
  if (!main) return 1;
  let wall = 0;
  let cpu = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== main.pid || e.tid !== main.tid || e.ts < navigation.ts) continue;
    if (e.dur === undefined || e.tdur === undefined) continue;
    wall += e.dur;
    cpu += e.tdur;
  }
  return wall > 0 ? cpu / wall : 1;
}

/**
 * One Lighthouse run on `url` in `locale` (phone settings), with simulated throttling: the page
 * loads as fast as the machine allows and the performance score models a mid-range phone on slow
 * 4G from that load. (`throttlingMethod: 'provided'` would not be quicker: Lighthouse then
 * widens every quiet window to 5.25 s, because it has to observe the page settling for real.)
 * `quick` shortens the waits before gathering (QUICK_WINDOWS): only for runs that score no speed,
 * since a shortened trace could end before a late long task. `calibrate` gathers first, then
 * audits with the CPU slowdown scaled to the main thread's share of a core during the trace
 * (calibratedSlowdown), so the score models the same phone on a busy machine as on an idle one.
 */
export async function runLighthouse(
  port: number,
  url: string,
  locale: Locale,
  { categories, quick = false, calibrate = false }: { categories: readonly Category[]; quick?: boolean; calibrate?: boolean },
): Promise<LighthouseScores> {
  const started = Date.now();
  const flags: Flags = {
    port,
    hostname: '127.0.0.1',
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...categories],
    throttlingMethod: 'simulate',
    extraHeaders: { Cookie: `${LOCALE_COOKIE}=${locale}` },
    disableFullPageScreenshot: true,
    ...(quick && !categories.includes('performance') ? QUICK_WINDOWS : {}),
  };
  const result = calibrate ? await gatherThenAudit(url, flags, configFor(categories)) : await lighthouse(url, flags, configFor(categories));
  if (!result) throw new Error(`Lighthouse answered nothing for ${url}`);
  const lhr: Result = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores: LighthouseScores['scores'] = {};
  const failing: LighthouseScores['failing'] = {};
  const audits: LighthouseScores['audits'] = {};
  for (const category of categories) {
    const entry = lhr.categories[category];
    if (!entry) continue;
    scores[category] = entry.score === null ? null : Math.round(entry.score * 100);
    // Audits without a score (not applicable, manual, informative) count in no category's score.
    audits[category] = entry.auditRefs
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const score = lhr.audits[ref.id]?.score;
        return typeof score === 'number' ? [{ id: ref.id, weight: ref.weight, score }] : [];
      });
    failing[category] = audits[category].filter((audit) => audit.score < 1).map((audit) => audit.id);
  }
  const metrics: Record<string, string> = {};
  if (categories.includes('performance')) for (const id of METRICS) metrics[id] = lhr.audits[id]?.displayValue ?? '–';
  return {
    scores,
    failing,
    audits,
    finalUrl: lhr.finalDisplayedUrl,
    formFactor: lhr.configSettings.formFactor,
    warnings: lhr.runWarnings,
    metrics,
    lcp: categories.includes('performance') ? lcpOf(lhr) : null,
    transfer: categories.includes('performance') ? transferOf(lhr) : null,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    lhr,
    ms: Date.now() - started,
  };
}

/**
 * Lighthouse in two steps (its gatherMode and auditMode): the page is loaded and its artifacts
 * and trace saved, then audited with the CPU slowdown calibrated to the main thread's share of a
 * core during that trace (calibratedSlowdown). The saved settings get the same slowdown
 * (Lighthouse refuses to audit with settings other than those it gathered with; the slowdown only
 * matters to the audits).
 */
async function gatherThenAudit(url: string, flags: Flags, config: Config) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-lighthouse-artifacts-'));
  try {
    await lighthouse(url, { ...flags, gatherMode: dir }, config);
    const trace = JSON.parse(readFileSync(path.join(dir, 'defaultPass.trace.json'), 'utf8')) as { traceEvents: TraceEvent[] };
    const file = path.join(dir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(file, 'utf8')) as { settings: { throttling: NonNullable<Flags['throttling']> } };
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: calibratedSlowdown(mainThreadCpuShare(trace.traceEvents)) };
    artifacts.settings.throttling = throttling;
    writeFileSync(file, JSON.stringify(artifacts));
    return await lighthouse(url, { ...flags, auditMode: dir, throttling }, config);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A category's score (0–100) as Lighthouse computes it — the weighted mean of its scored audits —
 * leaving out the audits `accepted` names (ACCEPTED_FAILURES for the page).
 */
export function scoreWithout(result: LighthouseScores, category: Category, accepted: readonly string[]): number | null {
  const counted = (result.audits[category] ?? []).filter((audit) => !accepted.includes(audit.id));
  const weight = counted.reduce((sum, audit) => sum + audit.weight, 0);
  if (weight === 0) return null;
  return Math.round((counted.reduce((sum, audit) => sum + audit.weight * audit.score, 0) / weight) * 100);
}
