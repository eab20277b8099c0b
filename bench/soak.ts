/**
 * Memory over time on one process (issue 32: flat memory, RSS slope under 1 MB a minute): the
 * compiled server on SQLite, as `npm start` runs it, under an open loop of mixed reads and
 * writes for --minutes.
 *
 *   npx tsx bench/soak.ts [--minutes 10] [--rate 40] [--data-dir DIR] [--node-options "…"] [--env K=V,K=V]
 *
 * DIR is a forum seeded by bench/pages.ts (e.g. `--topics 2000 --comments 10000 --articles 200
 * --article-comments 1000`); it is copied, so the soak's comments never reach it. Without it a
 * forum of that size is seeded first. Needs `npm run build` (SABAI_BUILD_DIR is honoured).
 *
 * The mix, by request number: 45 % anonymous topic pages over every topic (a new visitor's
 * user agent for one in four: the view de-dup sees a stream of new readers), 10 % the home page,
 * 5 % the topic list's JSON, 5 % article pages, 10 % a signed-in member's topic page and 10 %
 * its `.data` (the viewer's parts), 15 % comments written by 8 members on random topics.
 * Every topic and article page is read once first, so the page cache holds the forum before the
 * clock starts. Prints per minute: requests, errors, p50 and p99; the server's RSS at start and end, its peak
 * and the slope after the first minute; and the server's own figures (`GET
 * /api/admin/system/memory`: heap, external, every cache's entries and bytes) at the start and
 * the end. --node-options and --env pass V8 flags and variables (MALLOC_ARENA_MAX) to the server.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, BROWSER_HEADERS, cpuMsOf, freePort, spawnServer, stopServer, waitForServer } from './lib';
import { BENCH_PASSWORD, openBenchDatabase, seed, seedArticles } from './seed';
import { noteFailure, soak } from './soak-run';

const ROOT = path.resolve(import.meta.dirname, '..');
const minutes = Number(arg('minutes') ?? 10);
const rate = Number(arg('rate') ?? 40);
const WRITERS = 8;

/** A copy of the given forum, or a freshly seeded one; answers its directory and its topic and article counts. */
async function prepareForum(): Promise<{ dataDir: string; topics: number; articles: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-soak-'));
  const given = arg('data-dir');
  if (given) cpSync(given, dataDir, { recursive: true });
  const { db } = await openBenchDatabase(dataDir);
  try {
    const count = async (table: 'topics' | 'articles') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if ((await count('topics')) === 0) {
      console.log('seeding 2000 topics and 10000 comments…');
      await seed(db, { topics: 2000, comments: 10_000, users: 1000 });
      await seedArticles(db, { count: 200, comments: 1000 });
    }
    // The first seeded member reads the server's own figures: an admin (the bench's copy only).
    await db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'bench1@example.com').execute();
    return { dataDir, topics: await count('topics'), articles: await count('articles') };
  } finally {
    await db.destroy();
  }
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/login/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: BENCH_PASSWORD }) });
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in of ${email} failed (${res.status})`);
  return token;
}

/** One request of the mix; resolves with whether it succeeded. */
function mixedRequest(url: string, forum: { topics: number; articles: number }, members: string[]): () => Promise<boolean> {
  let n = 0;
  const pick = (count: number) => 1 + Math.floor(Math.random() * count);
  return async () => {
    n += 1;
    const slot = n % 20;
    const member = members[n % members.length]!;
    const signedIn = { ...BROWSER_HEADERS, cookie: `sabai_token=${member}` };
    let res: Response;
    if (slot < 2) res = await fetch(`${url}/`, { headers: BROWSER_HEADERS });
    else if (slot === 2) res = await fetch(`${url}/api/topic/topics`);
    else if (slot === 3) res = await fetch(`${url}/article/${pick(forum.articles)}`, { headers: BROWSER_HEADERS });
    else if (slot < 6) res = await fetch(`${url}/topic/${pick(forum.topics)}`, { headers: signedIn });
    else if (slot < 8) res = await fetch(`${url}/topic/${pick(forum.topics)}.data`, { headers: signedIn });
    else if (slot < 11) {
      res = await fetch(`${url}/api/comment/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user-token': member },
        body: JSON.stringify({ entityType: 'topic', entityId: pick(forum.topics), content: `Soak comment ${n} at ${Date.now()}` }),
      });
    } else {
      // One reader in four is new to the forum: its own user agent, so its view is counted and remembered.
      const newReader = Math.random() < 0.25 ? { 'user-agent': `${BROWSER_HEADERS['user-agent']} reader/${n}` } : {};
      res = await fetch(`${url}/topic/${pick(forum.topics)}`, { headers: { ...BROWSER_HEADERS, ...newReader } });
    }
    const body = await res.arrayBuffer();
    if (res.status !== 200) noteFailure(`${res.url.replace(url, '')} ${res.status}: ${Buffer.from(body).toString('utf8', 0, 200)}`);
    return res.status === 200;
  };
}

/**
 * Every topic and article page read once before the soak (as bench/pages.ts warms its random
 * run): the page cache then holds the forum, and the slope measures what grows besides a cache
 * filling up to its budget.
 */
async function warm(url: string, forum: { topics: number; articles: number }): Promise<void> {
  const paths = [...Array.from({ length: forum.topics }, (_, i) => `/topic/${i + 1}`), ...Array.from({ length: forum.articles }, (_, i) => `/article/${i + 1}`)];
  const started = Date.now();
  for (let i = 0; i < paths.length; i += 8) await Promise.all(paths.slice(i, i + 8).map(async (page) => (await fetch(url + page, { headers: BROWSER_HEADERS })).arrayBuffer()));
  console.log(`warmed: ${paths.length} pages read once in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The server's own memory figures, one line per cache. */
async function printServerFigures(url: string, adminToken: string, when: string): Promise<void> {
  const res = await fetch(`${url}/api/admin/system/memory`, { headers: { 'x-user-token': adminToken } });
  if (res.status !== 200) {
    console.log(`${when}: GET /api/admin/system/memory answered ${res.status} (a build without it)`);
    return;
  }
  const view = ((await res.json()) as { data: { process: Record<string, number>; caches: Array<{ name: string; entries: number; bytes: number; maxBytes: number }> } }).data;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`${when}: ${Object.entries(view.process).map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}`);
  for (const cache of view.caches) console.log(`  ${cache.name.padEnd(24)} ${String(cache.entries).padStart(7)} entries  ${mb(cache.bytes).padStart(9)} of ${mb(cache.maxBytes)}`);
}

const forum = await prepareForum();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const compiled = path.join(path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build'), 'server-app', 'main.js');
if (!existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run build\` first`);
const nodeOptions = arg('node-options')?.split(' ').filter(Boolean) ?? [];
const env = Object.fromEntries((arg('env') ?? '').split(',').filter(Boolean).map((pair) => pair.split('=', 2) as [string, string]));
const { server, output } = spawnServer({ dataDir: forum.dataDir, port, env, command: [...nodeOptions, '--enable-source-maps', compiled] });
try {
  await waitForServer(url, output);
  const admin = await signIn(url, 'bench1@example.com');
  const members = await Promise.all(Array.from({ length: WRITERS }, (_, i) => signIn(url, `bench${i + 2}@example.com`)));
  console.log(`Sabai soak: one process on SQLite (${forum.topics} topics, ${forum.articles} articles), Node ${process.version}, server flags: ${[...nodeOptions, ...Object.entries(env).map(([k, v]) => `${k}=${v}`)].join(' ') || 'none'}`);
  console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (other work on this machine skews wall times)`);
  await printServerFigures(url, admin, 'server at start');
  await warm(url, forum);
  await printServerFigures(url, admin, 'server warm');
  const cpuBefore = cpuMsOf(server.pid!);
  await soak(mixedRequest(url, forum, members), { server: server.pid! }, minutes, rate);
  console.log(`server CPU over the soak: ${((cpuMsOf(server.pid!) - cpuBefore) / 1000).toFixed(0)} s; load average after: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  await printServerFigures(url, admin, 'server at the end');
} finally {
  await stopServer(server);
  rmSync(forum.dataDir, { recursive: true, force: true });
}
