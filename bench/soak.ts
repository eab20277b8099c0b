/**
 * Memory soak (issue 32): mixed reads and writes against the compiled server for a while,
 * sampling the server's memory every 10 s, then the slope of RSS and of the V8 heap in MB per
 * minute (least squares over the samples after the first minute's warm-up). Target of the issue
 * (printed, not asserted): slope under 1 MB/min over 10 minutes; peak RSS ≤ 250 MB.
 *
 *   npx tsx bench/soak.ts [--minutes 10] [--connections 8] [--data-dir DIR]
 *                         [--node-flags "…"] [--topics 2000] [--comments 10000] [--articles 200] [--article-comments 1000]
 *
 * Without --data-dir it seeds a fresh SQLite forum (bench/seed.ts) and removes it after. Starts
 * the compiled server as `npm start` does, with its V8 flags (`npm run build` first; SABAI_BUILD_DIR honoured,
 * RATE_LIMITS=off). `connections` loops send, one request at a time each: anonymous HTML pages
 * (home, random topics and articles, a few never cached by a query string of their own), the
 * article feed's JSON, a signed-in reader's `.data`, and writes (one comment in ten requests, by
 * members taking turns). Each sample reads RSS from /proc and the heap and caches from the back
 * office's memory figures (`GET /api/admin/system/memory`, as an admin the script makes), and
 * prints a line; the end prints the slopes (RSS, heap, and RSS less what the bounded caches hold,
 * which fill up to their budgets and then stay), the peak RSS and the caches' sizes.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, cpuMsOf, freePort, memoryOf, serverNodeFlags, spawnServer, stopServer, waitForServer, BROWSER_HEADERS } from './lib';
import { BENCH_PASSWORD, openBenchDatabase, seed, seedArticles } from './seed';

const ROOT = path.resolve(import.meta.dirname, '..');
const SAMPLE_MS = 10_000;
const WARM_UP_MS = 60_000;

const minutes = Number(arg('minutes') ?? 10);
const connections = Number(arg('connections') ?? 8);
const givenDir = arg('data-dir');
const dataDir = givenDir ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-soak-'));

let topicCount = 0;
let articleCount = 0;
{
  const { db } = await openBenchDatabase(dataDir);
  try {
    const n = async (table: 'topics' | 'articles') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if ((await n('topics')) === 0) await seed(db, { topics: Number(arg('topics') ?? 2000), comments: Number(arg('comments') ?? 10_000), users: 1000 });
    if ((await n('articles')) === 0) await seedArticles(db, { count: Number(arg('articles') ?? 200), comments: Number(arg('article-comments') ?? 1000) });
    topicCount = await n('topics');
    articleCount = await n('articles');
    // The memory figures are the back office's: the first bench member reads them as an admin.
    await db.updateTable('users').set({ role: 'admin' }).where('email', '=', 'bench1@example.com').execute();
  } finally {
    await db.destroy();
  }
}

const compiled = path.join(path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build'), 'server-app', 'main.js');
if (!existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run build\` first`);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const { server, output } = spawnServer({ dataDir, port, command: [...serverNodeFlags(), compiled] });

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${url}/api/login/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: BENCH_PASSWORD }) });
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`sign-in of ${email} failed (${res.status})`);
  return token;
}

interface Memory {
  process: { heapUsedBytes: number; heapTotalBytes: number; externalBytes: number };
  caches: Array<{ name: string; entries: number; bytes: number; maxBytes: number }>;
}
async function memoryFigures(adminToken: string): Promise<Memory | null> {
  try {
    const res = await fetch(`${url}/api/admin/system/memory`, { headers: { 'x-user-token': adminToken } });
    if (!res.ok) return null;
    return ((await res.json()) as { data: Memory }).data;
  } catch {
    return null;
  }
}

/** Least-squares slope of y over x (minutes), in y's unit per minute. */
function slope(points: ReadonlyArray<[number, number]>): number {
  if (points.length < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y, 0) / points.length;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxy / sxx;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
try {
  await waitForServer(url, output);
  const adminToken = await signIn('bench1@example.com');
  const writers = await Promise.all([2, 3, 4, 5].map((i) => signIn(`bench${i}@example.com`)));
  const random = (n: number) => 1 + Math.floor(Math.random() * n);
  let sequence = 0;
  const counts = { ok: 0, failed: 0, writes: 0 };

  /** One request of the mix: mostly anonymous pages, some JSON, some signed-in data, writes. */
  async function one(): Promise<void> {
    const turn = ++sequence;
    const pick = turn % 20;
    let res: Response;
    if (pick === 0 || pick === 10) {
      const token = writers[turn % writers.length]!;
      res = await fetch(`${url}/api/comment/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user-token': token },
        body: JSON.stringify({ entityType: 'topic', entityId: random(topicCount), content: `Soak comment ${turn}: memory should stay flat.` }),
      });
      counts.writes += 1;
    } else if (pick === 1) {
      res = await fetch(`${url}/api/article/articles`, { headers: { ...BROWSER_HEADERS, accept: 'application/json' } });
    } else if (pick === 2) {
      res = await fetch(`${url}/topic/${random(topicCount)}.data`, { headers: { ...BROWSER_HEADERS, cookie: `sabai_token=${writers[0]}` } });
    } else if (pick === 3) {
      res = await fetch(`${url}/topic/${random(topicCount)}?r=${turn}`, { headers: BROWSER_HEADERS });
    } else if (pick === 4 || pick === 5) {
      res = await fetch(`${url}/article/${random(articleCount)}`, { headers: BROWSER_HEADERS });
    } else if (pick === 6) {
      res = await fetch(`${url}/`, { headers: BROWSER_HEADERS });
    } else if (pick === 7) {
      res = await fetch(`${url}/topics/node/${random(8)}`, { headers: BROWSER_HEADERS });
    } else {
      res = await fetch(`${url}/topic/${random(topicCount)}`, { headers: BROWSER_HEADERS });
    }
    await res.arrayBuffer();
    if (res.ok) counts.ok += 1;
    else counts.failed += 1;
  }

  const started = performance.now();
  const endAt = started + minutes * 60_000;
  const loops = Array.from({ length: connections }, async () => {
    while (performance.now() < endAt) {
      try {
        await one();
      } catch {
        counts.failed += 1;
      }
    }
  });

  console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  console.log(`Sabai memory soak: ${minutes} min, ${connections} loops, ${topicCount} topics, ${articleCount} articles, Node ${process.version}, ${os.cpus().length} CPUs`);
  const rss: Array<[number, number]> = [];
  const heap: Array<[number, number]> = [];
  /** RSS less what the bounded caches hold: what grows besides them. */
  const rest: Array<[number, number]> = [];
  let peak = 0;
  let cpuBefore = cpuMsOf(server.pid!);
  let requestsBefore = 0;
  let last: Memory | null = null;
  while (performance.now() < endAt) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(SAMPLE_MS, Math.max(0, endAt - performance.now()))));
    const at = (performance.now() - started) / 60_000;
    const m = memoryOf(server.pid!);
    last = await memoryFigures(adminToken);
    const requests = counts.ok + counts.failed;
    const cpu = cpuMsOf(server.pid!);
    const cpuPerRequest = (cpu - cpuBefore) / Math.max(1, requests - requestsBefore);
    cpuBefore = cpu;
    requestsBefore = requests;
    if (!m) break;
    peak = Math.max(peak, m.peakMb);
    if (at * 60_000 >= WARM_UP_MS) {
      rss.push([at, m.rssMb]);
      if (last) {
        heap.push([at, mb(last.process.heapUsedBytes)]);
        rest.push([at, m.rssMb - mb(last.caches.reduce((sum, cache) => sum + cache.bytes, 0))]);
      }
    }
    const caches = last ? last.caches.map((c) => `${c.name} ${mb(c.bytes).toFixed(1)}`).join(', ') : 'no figures';
    console.log(
      `${at.toFixed(1).padStart(5)} min  RSS ${m.rssMb.toFixed(0).padStart(4)} MB  heap ${last ? mb(last.process.heapUsedBytes).toFixed(0).padStart(4) : '   ?'} MB  ` +
        `${requests} requests (${counts.writes} writes, ${counts.failed} failed)  ${cpuPerRequest.toFixed(2)} ms CPU/req  caches MB: ${caches}`,
    );
  }
  await Promise.all(loops);
  const final = memoryOf(server.pid!);
  console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  console.log(`RSS slope after the first minute: ${slope(rss).toFixed(2)} MB/min (target < 1)`);
  console.log(`heap slope after the first minute: ${heap.length > 1 ? `${slope(heap).toFixed(2)} MB/min` : '? (no figures)'}`);
  // The caches fill up to their budgets (the page cache most), then stay: growth beside them is what would not stop.
  console.log(`RSS less the caches' bytes, slope: ${rest.length > 1 ? `${slope(rest).toFixed(2)} MB/min` : '? (no figures)'}`);
  console.log(`peak RSS: ${Math.max(peak, final?.peakMb ?? 0).toFixed(0)} MB (target ≤ 250)`);
  if (last) for (const c of last.caches) console.log(`  cache ${c.name.padEnd(20)} ${String(c.entries).padStart(7)} entries  ${mb(c.bytes).toFixed(2).padStart(7)} MB of ${mb(c.maxBytes).toFixed(0)} MB`);
} finally {
  await stopServer(server);
  if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
}
