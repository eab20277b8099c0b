#!/usr/bin/env node
/**
 * The server's build (second half of `npm run build`, after `react-router build`): esbuild
 * bundles server/main.ts, the two CLIs (migrate, setup) and the image worker thread's module
 * (server/modules/uploads/image-worker.ts, started beside main.js) with everything they import from
 * server/, common/ and node_modules into `<build>/server-app/*.js` (ES modules, Node 20; code the
 * entries share, and packages loaded only on some paths, in chunks beside them, so a module still
 * finds its neighbours — the workers, the service worker — from its own import.meta.url).
 * Bundling the pure-JavaScript packages took a cold start's CPU from ~1.3 s to ~1.0 s (issue 32,
 * bench/cold-start.ts): one module graph to compile, instead of hundreds of files to resolve, read
 * and lex as CommonJS. Native addons (better-sqlite3, sharp, @node-rs/argon2) cannot be bundled,
 * and React with React Router must stay the one copy the site's own build (build/server) imports;
 * those, and packages loaded lazily with `require` (server/infra/lazy-package.ts: database drivers,
 * Redis, SMTP), are resolved by Node from the build directory up to the project's node_modules, so
 * the build directory must stay inside the project (build/ or SABAI_BUILD_DIR). So are packages
 * imported with `await import()` (see `dynamicImportsExternal`). The banner gives
 * bundled CommonJS code a `require` for Node's built-ins. pino's transports (worker threads found by
 * __dirname) would not work bundled; Sabai's logger uses none.
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

/**
 * Left to Node: native addons, the one React and React Router, development-only tools, and
 * Fastify's schema compilers (never loaded: no route declares a schema, server/http/schema-compilers.ts).
 */
const EXTERNAL_PACKAGES = ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'better-sqlite3', 'sharp', '@node-rs/argon2', 'react', 'react-dom', 'react-router', 'vite', 'typescript', 'tsx', 'vitest', 'pg-native'];

/**
 * A package the code imports with `await import()` is loaded on first use, not at start, so
 * bundling it saves nothing; and a bundled CommonJS package imported that way would hand its
 * named exports over under `default` (esbuild's interop), unlike Node's own loader (the S3 SDK
 * and qrcode broke so). Such imports stay Node's.
 */
const dynamicImportsExternal = {
  name: 'dynamic-imports-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

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
  // Pure-JavaScript packages are bundled in (cold start: one module to compile instead of
  // hundreds to resolve, read and lex); native addons and the site's own renderer stay external.
  external: EXTERNAL_PACKAGES,
  plugins: [dynamicImportsExternal],
  splitting: true,
  // Beside the entries: modules find their neighbours (the workers) from their own import.meta.url.
  chunkNames: '[name]-[hash]',
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
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
