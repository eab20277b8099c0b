#!/usr/bin/env node
/**
 * `npm test`: every suite, in order — Vitest (unit + HTTP integration on SQLite, MariaDB and
 * PostgreSQL) then Playwright (browser journeys in Debian's Chromium) — and one plain closing
 * line with the totals over both: `N passed, N failed, N skipped`. Exit code 1 when anything
 * failed. Arguments after `--` are not supported on purpose: run `npx vitest` or
 * `npx playwright test` directly to narrow a run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const RESULTS = 'test-results';
const VITEST_JSON = `${RESULTS}/vitest.json`;
const PLAYWRIGHT_JSON = `${RESULTS}/playwright.json`;

mkdirSync(RESULTS, { recursive: true });
for (const file of [VITEST_JSON, PLAYWRIGHT_JSON]) rmSync(file, { force: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

const vitestStatus = run('npx', ['vitest', 'run']);
const vitest = readJson(VITEST_JSON);
if (vitest) {
  totals.passed += vitest.numPassedTests ?? 0;
  totals.failed += (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites && !vitest.numFailedTests ? vitest.numFailedTestSuites : 0);
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else if (vitestStatus !== 0) {
  totals.failed += 1; // the runner itself failed before reporting
}
if (vitestStatus !== 0) exitCode = 1;

const playwrightStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON });
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
