/**
 * Accounts benchmark: sign-in and `user/current` under load (issue 2).
 *
 *   npx tsx bench/auth.ts [--duration 15] [--connections 10]
 *
 * Starts the real server (`server/main.ts`, production mode) as its own process on SQLite in a
 * temporary DATA_DIR with RATE_LIMITS=off, signs up one user, then drives each route with
 * autocannon and prints requests/s, latency p50/p99 and the server's peak RSS (VmHWM). Sign-in
 * runs an argon2id verification per request, so it measures the password hash more than HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePersistedConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { autocannon, freePort, memoryOf, waitForServer, type CannonOptions, spawnServer, stopServer } from './lib';



function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const duration = arg('duration', 15);
const connections = arg('connections', 10);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-auth-'));
const database = { type: 'sqlite' as const, file: path.join(dataDir, 'sabai.db') };
const db = await openDatabase(database);
await db.destroy();
writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database });

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const { server, output } = spawnServer({ dataDir, port });

let peakSampled = 0;
const sampler = setInterval(() => {
  const m = memoryOf(server.pid!);
  if (m) peakSampled = Math.max(peakSampled, m.rssMb);
}, 250);

try {
  await waitForServer(url, output);
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const signup = await fetch(`${url}/api/login/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'Bench', email, password, rePassword: password }),
  });
  const signupBody = (await signup.json()) as { success: boolean; data?: { token: string } };
  if (!signupBody.success || !signupBody.data) throw new Error(`sign-up failed: ${JSON.stringify(signupBody)}`);
  const token = signupBody.data.token;
  const idle = memoryOf(server.pid!);

  const runs: Array<{ name: string; options: CannonOptions }> = [
    {
      name: 'POST /api/login/signin',
      options: { url: `${url}/api/login/signin`, connections, duration, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) },
    },
    { name: 'GET /api/user/current', options: { url: `${url}/api/user/current`, connections, duration, headers: { 'x-user-token': token } } },
  ];

  console.log(`Sabai accounts benchmark: SQLite, RATE_LIMITS=off, ${connections} connections, ${duration} s per route, Node ${process.version}, ${os.cpus().length} CPUs`);
  console.log(`server idle RSS after sign-up: ${idle ? idle.rssMb.toFixed(0) : '?'} MB`);
  for (const run of runs) {
    const result = await autocannon(run.options);
    const m = memoryOf(server.pid!);
    console.log(
      [
        run.name.padEnd(24),
        `${result.requests.average.toFixed(0).padStart(6)} req/s`,
        `p50 ${String(result.latency.p50).padStart(4)} ms`,
        `p99 ${String(result.latency.p99).padStart(4)} ms`,
        `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
        `server peak RSS so far ${m ? m.peakMb.toFixed(0) : peakSampled.toFixed(0)} MB`,
      ].join('  '),
    );
    if (result.non2xx > 0 || result.errors > 0) console.warn(`  warning: ${run.name} had failures`);
  }
  const final = memoryOf(server.pid!);
  console.log(`server peak RSS: ${(final?.peakMb ?? peakSampled).toFixed(0)} MB`);
} finally {
  clearInterval(sampler);
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
