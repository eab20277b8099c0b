import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys in Debian's Chromium (never a downloaded browser). The webServer builds the
// site once and serves an installed forum on E2E_PORT (baseURL); journeys that need a fresh or
// uninstalled forum start their own with tests/support/e2e-server.ts.
const port = Number(process.env.E2E_PORT ?? 4173);

// Debian's old headless shell (package chromium-headless-shell, what Playwright itself runs
// headless): the same Blink and V8 as the full browser without its window machinery. A fresh
// page is ready in about 1.0 s here against 2.5 s in the full /usr/bin/chromium, which on a
// two-core CI machine was the larger part of the browser suite's 28 minutes. The shell has no
// push service and shows no notifications, so the journeys of the installable app and Web Push
// run in the full browser. E2E_CHROMIUM runs every journey in another build
// (E2E_CHROMIUM=/usr/bin/chromium: all in the full browser).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';
const shellPath = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const fullPath = process.env.E2E_CHROMIUM ?? FULL_CHROMIUM;
/** Journeys that need the full browser: a push service, notifications, installability. */
const FULL_BROWSER_SPECS = /\/(push|pwa)\.spec\.ts$/;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // A journey's whole budget (a hang detector, not a speed check): the long journeys sign up
  // several members and take up to a minute on a busy machine.
  timeout: 150_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One spec file at a time: two side by side on two cores took longer over the whole suite
  // (Chromium's renderer and compositor already fill both) and pushed journeys past their budget.
  workers: 1,
  // No retries, in CI either: a journey that passes only on a second try hides a race in the
  // app or in the test's waiting, and is fixed there (issue 19).
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  // E2E_OUTPUT_DIR keeps parallel runs from deleting each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Tracing records every journey to keep the failing ones: about 13% of the run's CPU (editor
    // journeys 77 s → 67 s without). CI on two cores goes without; a failure there still leaves
    // its screenshot and page snapshot, and is traced by running the journey here.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The site's service worker (issue 27) would answer page loads and build files before
    // page.route sees them: journeys that intercept requests would test the worker, not the
    // page. tests/e2e/pwa.spec.ts runs with it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', testIgnore: FULL_BROWSER_SPECS, use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: { executablePath: shellPath, args: CHROMIUM_ARGS } } },
    { name: 'chromium-full', testMatch: FULL_BROWSER_SPECS, use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: { executablePath: fullPath, args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx tests/support/e2e-web-server.ts',
    url: `http://127.0.0.1:${port}/api/config/configs`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
