import { defineConfig } from 'vitest/config';

// Unit and HTTP-integration tests. Integration suites build the real Fastify app and talk to
// real databases (SQLite always; MariaDB and PostgreSQL when reachable). Playwright specs live
// in tests/e2e and are run by `playwright test`, not here.
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four at a time on two cores: most of a suite's time is spent waiting for MariaDB and
    // PostgreSQL (other processes), so two workers left the cores idle (5m22s → 3m20s).
    maxWorkers: 4,
    // Files share a worker's loaded modules: every suite builds its own app, database and clock,
    // so nothing a test relies on lives in a module. Importing the whole server again for each
    // of 131 files was half the suite's CPU (import 339 s → 54 s; 368 s → 234 s on two cores).
    isolate: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
});
