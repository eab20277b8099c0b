#!/usr/bin/env node
/**
 * Adds the other platforms' optional native packages to package-lock.json.
 *
 * Why: npm 11 on this machine writes a lock file with only this platform's optional binaries
 * (rollup, tailwind oxide…), and `npm ci` then refuses it as "out of sync" (npm/cli#4828).
 * Each missing entry is filled from the registry's metadata (version, integrity, os/cpu/libc),
 * so `npm ci` accepts the lock on any machine and still installs only the matching binary.
 * Run after any `npm install` that changes the lock: `node scripts/lock-all-platforms.mjs`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** The lock path where `name`, needed by the package at `parentPath`, would be found. */
function resolvedPath(parentPath, name) {
  let base = parentPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/**
 * The registry's metadata for `name@spec`, or a bare optional entry when this registry does not
 * carry that platform's build (the mirror here lacks e.g. tailwind's darwin and win32 binaries):
 * `npm ci` only needs the entry to exist, and skips an optional package it cannot fetch.
 */
function registryEntry(name, spec, dev) {
  let raw;
  try {
    raw = execFileSync('npm', ['view', `${name}@${spec}`, '--json', 'name', 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license', 'engines'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return { version: spec, ...(dev ? { dev: true } : {}), optional: true };
  }
  const parsed = JSON.parse(raw);
  const info = Array.isArray(parsed) ? parsed[parsed.length - 1] : parsed;
  const entry = { version: info.version, integrity: info['dist.integrity'] };
  if (info.cpu) entry.cpu = info.cpu;
  if (dev) entry.dev = true;
  if (info.license) entry.license = info.license;
  entry.optional = true;
  if (info.os) entry.os = info.os;
  if (info.libc) entry.libc = info.libc;
  if (info.engines) entry.engines = info.engines;
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries({ ...packages })) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolvedPath(path, name)) continue;
    const target = `node_modules/${name}`;
    packages[target] = registryEntry(name, spec, meta.dev === true);
    added += 1;
    console.log(`added ${name}@${packages[target].version}`);
  }
}

const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} optional platform package(s) added to ${LOCK}`);
