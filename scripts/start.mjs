#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources — the site (`react-router
 * build` → build/server/index.js + build/client/) and the server (scripts/build-server.mjs →
 * build/server-app/main.js) — then runs the compiled server with plain `node` (no TypeScript
 * transpiler at run time; `npm run dev` keeps running the sources through tsx). Extra arguments
 * are passed to the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(root, process.env.SABAI_BUILD_DIR || 'build');
const siteBuild = path.join(buildDir, 'server', 'index.js');
const serverBuild = path.join(buildDir, 'server-app', 'main.js');
// What each build is made from.
const SITE_SOURCES = ['app', 'common', 'vite.config.ts', 'react-router.config.ts', 'package.json'];
const SERVER_SOURCES = ['server', 'common', 'package.json', 'scripts/build-server.mjs'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function run(label, command, args) {
  console.log(label);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; not starting.');
    process.exit(result.status ?? 1);
  }
}

if (isStale(siteBuild, SITE_SOURCES)) run('Building the site (react-router build)…', path.join(root, 'node_modules', '.bin', 'react-router'), ['build']);
if (isStale(serverBuild, SERVER_SOURCES)) run('Building the server (scripts/build-server.mjs)…', process.execPath, [path.join(root, 'scripts', 'build-server.mjs')]);

// React (and other libraries) pick their production builds from NODE_ENV when first loaded;
// without it the server renders pages with React's development build, several times slower.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
const child = spawn(process.execPath, ['--enable-source-maps', serverBuild, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
