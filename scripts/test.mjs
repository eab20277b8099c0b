#!/usr/bin/env node
/**
 * `npm test`: every suite — Vitest (unit + HTTP integration on SQLite, MariaDB and PostgreSQL)
 * and Playwright (browser journeys in Debian's Chromium) — and one plain closing line with the
 * totals over both: `N passed, N failed, N skipped`. Exit code 1 when anything failed.
 * Arguments after `--` are not supported on purpose: run `npx vitest` or `npx playwright test`
 * directly to narrow a run.
 *
 * The two suites run side by side. The browser suite runs one journey at a time and leaves about
 * a third of two cores idle (Chromium waits on the server and on its own timers: 81 CPU-seconds
 * over a minute of journeys); Vitest spends most of its time waiting for MariaDB and PostgreSQL.
 * One after the other they took 4.3 + 16.7 minutes of CI's 24. Vitest's output goes to
 * test-results/vitest.log and is printed after the journeys', so neither log is interleaved.
 * TEST_SERIAL=1 runs them one after the other (to time one suite alone).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = 'test-results';
const VITEST_JSON = `${RESULTS}/vitest.json`;
const VITEST_LOG = `${RESULTS}/vitest.log`;
const PLAYWRIGHT_JSON = `${RESULTS}/playwright.json`;

mkdirSync(RESULTS, { recursive: true });
for (const file of [VITEST_JSON, VITEST_LOG, PLAYWRIGHT_JSON]) rmSync(file, { force: true });

/** Runs a command to its end; its output goes to `logFile` when given, else to this terminal. Resolves with the exit code and the seconds it took. */
function run(command, args, { env = {}, logFile } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on('close', () => log.end());
    }
    child.on('error', () => resolve({ status: 1, seconds: (Date.now() - started) / 1000 }));
    child.on('close', (code) => resolve({ status: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const serial = process.env.TEST_SERIAL === '1';
const vitestRun = () => run('npx', ['vitest', 'run'], { env: { FORCE_COLOR: '0' }, logFile: VITEST_LOG });
const playwrightRun = () => run('npx', ['playwright', 'test', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON } });
let vitestResult;
let playwrightResult;
if (serial) {
  vitestResult = await vitestRun();
  playwrightResult = await playwrightRun();
} else {
  [vitestResult, playwrightResult] = await Promise.all([vitestRun(), playwrightRun()]);
}
console.log('\n==> Vitest (run beside the journeys; its output follows)\n');
if (existsSync(VITEST_LOG)) process.stdout.write(readFileSync(VITEST_LOG, 'utf8'));
console.log(`\nVitest took ${vitestResult.seconds.toFixed(0)} s, Playwright ${playwrightResult.seconds.toFixed(0)} s${serial ? ' (one after the other)' : ' (side by side)'}`);
const vitestStatus = vitestResult.status;
const playwrightStatus = playwrightResult.status;

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

const vitest = readJson(VITEST_JSON);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites && !vitest.numFailedTests ? vitest.numFailedTestSuites : 0);
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else if (vitestStatus !== 0) {
  totals.failed += 1; // the runner itself failed before reporting
}
if (vitestStatus !== 0) exitCode = 1;

const playwright = readJson(PLAYWRIGHT_JSON);
if (playwright?.stats) {
  const s = playwright.stats;
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  if ((playwright.errors ?? []).length && !s.unexpected) totals.failed += playwright.errors.length;
} else if (playwrightStatus !== 0) {
  totals.failed += 1;
}
if (playwrightStatus !== 0) exitCode = 1;
if (totals.failed > 0) exitCode = 1;

/** Names of the failed Vitest tests (file › full name), so CI's tail says which one failed. */
function vitestFailures(report) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    const where = file.name ? file.name.replace(`${process.cwd()}/`, '') : '';
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
      names.push(`${where}: ${(file.message ?? 'suite failed').split('\n')[0]}`);
    }
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'failed') names.push(`${where} › ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
  return names;
}

/** Titles of the Playwright tests that failed unexpectedly. */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return names;
}

const failures = [...vitestFailures(vitest), ...playwrightFailures(playwright)];
if (failures.length) {
  console.log(`\nFailed (${failures.length}):`);
  for (const name of failures) console.log(`  ✗ ${name.slice(0, 400)}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
