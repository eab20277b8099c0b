/**
 * The owner's sign-in while strangers guess the password (issue 19): before, ten wrong passwords
 * from anywhere made the owner's correct one answer 429 for 15 minutes. Now failures count per
 * account *and* source (server/modules/auth/signin-guard.ts), so the guessers slow themselves
 * down and the owner gets in.
 *
 *   npx tsx bench/signin-attack.ts [--duration 20] [--attackers 8]
 *
 * Starts the real server (`server/main.ts`, production mode, rate limits ON, TRUST_PROXY=true so
 * each request can name its client in X-Forwarded-For, as a proxy in front would) on SQLite in a
 * temporary DATA_DIR, signs up the owner, then for `duration` seconds runs two attacks at once
 * against the owner's account — one source guessing as fast as it can, and a "botnet" of
 * `attackers` loops each guessing from a new address every time — while the owner signs in with
 * the right password from their own address once a second. Prints the owner's successes and
 * latency, the attackers' answers by status, and the mails the owner was sent. Nothing asserted.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePersistedConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { arg, freePort, waitForServer, spawnServer, stopServer } from './lib';

const durationMs = Number(arg('duration') ?? 20) * 1000;
const attackers = Number(arg('attackers') ?? 8);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-attack-'));
const database = { type: 'sqlite' as const, file: path.join(dataDir, 'sabai.db') };
await (await openDatabase(database)).destroy();
writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database });

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const { server, output } = spawnServer({ dataDir, port, env: { RATE_LIMITS: 'on', TRUST_PROXY: 'true' } });

interface Attempt {
  status: number;
  ms: number;
}

/** The first refusal's body, printed so a bench that only measured refusals says why. */
let firstRefusal = '';

async function signIn(username: string, password: string, from: string): Promise<Attempt> {
  const started = performance.now();
  const response = await fetch(`${url}/api/login/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ username, password }),
  });
  const text = await response.text();
  if (response.status !== 200 && !firstRefusal) firstRefusal = `${response.status} ${text.slice(0, 200)}`;
  return { status: response.status, ms: performance.now() - started };
}

/** A public-looking address, different for every call (198.18.0.0/15 is the benchmarking range). */
let nextBot = 0;
function botAddress(): string {
  nextBot += 1;
  return `198.18.${(nextBot >> 8) & 255}.${nextBot & 255}`;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

function byStatus(attempts: Attempt[]): string {
  const counts = new Map<number, number>();
  for (const a of attempts) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${n}×${status}`).join(', ');
}

try {
  await waitForServer(url, output);
  const username = 'owner@example.com';
  const password = 'owner-password-1';
  const signup = await fetch(`${url}/api/login/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
    body: JSON.stringify({ nickname: 'Owner', email: username, password, rePassword: password }),
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);

  const until = Date.now() + durationMs;
  const single: Attempt[] = [];
  const botnet: Attempt[] = [];
  const owner: Attempt[] = [];
  const attackFromOne = (async () => {
    while (Date.now() < until) single.push(await signIn(username, `guess-${single.length}`, '192.0.2.66'));
  })();
  const attackFromMany = Array.from({ length: attackers }, async () => {
    while (Date.now() < until) botnet.push(await signIn(username, `guess-${botnet.length}`, botAddress()));
  });
  const ownerSigningIn = (async () => {
    // Let the attack build up first: the owner arrives when it is in full swing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    while (Date.now() < until) {
      owner.push(await signIn(username, password, '203.0.113.50'));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  await Promise.all([attackFromOne, ...attackFromMany, ownerSigningIn]);

  const mailDir = path.join(dataDir, 'mail');
  const mails = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')).length : 0;
  const ownerOk = owner.filter((a) => a.status === 200);
  console.log(`Sabai sign-in under attack: SQLite, rate limits on, ${durationMs / 1000} s, 1 guessing source + ${attackers} rotating-address loops, Node ${process.version}, ${os.cpus().length} CPUs`);
  console.log(`owner (right password, own address, 1/s): ${ownerOk.length}/${owner.length} signed in; p50 ${percentile(owner.map((a) => a.ms), 50).toFixed(0)} ms, max ${Math.max(...owner.map((a) => a.ms)).toFixed(0)} ms; answers ${byStatus(owner)}`);
  console.log(`one guessing source: ${single.length} attempts (${(single.length / (durationMs / 1000)).toFixed(1)}/s); answers ${byStatus(single)}`);
  console.log(`rotating addresses: ${botnet.length} attempts (${(botnet.length / (durationMs / 1000)).toFixed(1)}/s); answers ${byStatus(botnet)}`);
  console.log(`mails to the owner: ${mails}`);
  if (firstRefusal) console.log(`first refusal: ${firstRefusal}`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
