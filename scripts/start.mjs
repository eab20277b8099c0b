#!/usr/bin/env node
/**
 * `npm start`: builds the site when `build/server/index.js` is missing or older than the
 * sources it is made from, then runs the server from TypeScript (tsx is a runtime dependency;
 * there is no separate server compile step). Extra arguments are passed to server/main.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverBuild = path.join(path.resolve(root, process.env.SABAI_BUILD_DIR || 'build'), 'server', 'index.js');
// What the site bundle is built from (the server runs from source and needs no build).
const SOURCES = ['app', 'common', 'vite.config.ts', 'react-router.config.ts', 'package.json'];

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

function buildIsStale() {
  if (!existsSync(serverBuild)) return true;
  const built = statSync(serverBuild).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

if (buildIsStale()) {
  console.log('Building the site (react-router build)…');
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'react-router'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The site build failed; not starting.');
    process.exit(result.status ?? 1);
  }
}

// React (and other libraries) pick their production builds from NODE_ENV when first loaded;
// without it the server renders pages with React's development build, several times slower.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
