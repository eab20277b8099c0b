#!/usr/bin/env node
/**
 * The server's build (second half of `npm run build`, after `react-router build`): esbuild
 * bundles server/main.ts, the two CLIs (migrate, setup) and the image worker thread's module
 * (server/modules/uploads/image-worker.ts, started beside main.js) with everything they import from
 * server/ and common/ into `<build>/server-app/*.js` (ES modules, Node 20). Packages from
 * node_modules stay external imports — native addons (better-sqlite3, sharp, @node-rs/argon2)
 * cannot be bundled, and Node resolves them from the build directory up to the project's
 * node_modules, so the build directory must stay inside the project (build/ or SABAI_BUILD_DIR).
 * Locale JSON files are inlined; nothing else is read relative to the source tree at run time. The
 * service worker (a browser script) is copied beside main.js, stamped with the client build.
 *
 *   node scripts/build-server.mjs        (SABAI_BUILD_DIR honoured, like react-router.config.ts)
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.resolve(root, process.env.SABAI_BUILD_DIR || 'build');
const SERVER_APP_DIR = path.join(BUILD_DIR, 'server-app');

const started = performance.now();
rmSync(SERVER_APP_DIR, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'server/main.ts',
    'migrate-cli': 'server/db/migrate-cli.ts',
    'reindex-cli': 'server/modules/search/reindex-cli.ts',
    'backup-cli': 'server/modules/backups/backup-cli.ts',
    'restore-cli': 'server/modules/backups/restore-cli.ts',
    'import-cli': 'server/modules/importer/import-cli.ts',
    'setup-cli': 'server/modules/install/setup-cli.ts',
    'uploads-move-cli': 'server/modules/uploads/move-cli.ts',
    // Started as a worker thread beside main.js (server/modules/uploads/images.ts).
    'image-worker': 'server/modules/uploads/image-worker.ts',
    // The forbidden words' regular expressions, under a time limit (server/modules/words/words.screen.ts).
    'words-worker': 'server/modules/words/words-worker.ts',
  },
  outdir: SERVER_APP_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  // Stack traces point at the sources when Node runs with --enable-source-maps.
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
});
/**
 * The service worker (server/modules/pwa/service-worker.js, a plain browser script) beside main.js,
 * where the pwa feature reads it, stamped with the client build's hash (the hashed file names of
 * build/client/assets): the worker's version is a hash of its text, so each deploy of a new site
 * bundle is a new worker that keeps the new offline page and stylesheet, and drops the old ones.
 */
function copyServiceWorker() {
  const assetsDir = path.join(BUILD_DIR, 'client', 'assets');
  const assets = existsSync(assetsDir) ? readdirSync(assetsDir).sort().join('\n') : '';
  const stamp = createHash('sha256').update(assets).digest('hex').slice(0, 16);
  const source = readFileSync(path.join(root, 'server/modules/pwa/service-worker.js'), 'utf8');
  writeFileSync(path.join(SERVER_APP_DIR, 'service-worker.js'), `${source}\n// client build ${stamp}\n`);
}
copyServiceWorker();
console.log(`Server built in ${Math.round(performance.now() - started)} ms → ${path.relative(root, SERVER_APP_DIR)}/main.js`);
