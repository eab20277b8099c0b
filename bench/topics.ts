/**
 * Topics benchmark (issue 4): the JSON feed and topic detail under load, on a seeded forum.
 *
 *   npx tsx bench/topics.ts [--data-dir DIR] [--duration 15] [--connections 10]
 *                           [--topics 100000] [--comments 1000000]
 *
 * Without --data-dir it seeds a fresh SQLite forum first (bench/seed.ts) and removes it after.
 * Starts the real server (`server/main.ts`, production mode, RATE_LIMITS=off) as its own
 * process, then drives each route with autocannon and prints requests/s, latency p50/p99 and
 * the server's peak RSS (VmHWM). Page (HTML) figures come with the topic pages.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_PASSWORD, openBenchDatabase, seed } from './seed';
import { arg, autocannon, cpuMsOf, freePort, memoryOf, waitForServer, type CannonOptions, spawnServer, stopServer } from './lib';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { success: boolean; data?: T; message?: string };
  if (!body.success || body.data === undefined) throw new Error(`request failed: ${JSON.stringify(body)}`);
  return body.data;
}

const duration = Number(arg('duration') ?? 15);
const connections = Number(arg('connections') ?? 10);
const givenDir = arg('data-dir');
const dataDir = givenDir ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-topics-'));

let topicCount: number;
{
  const { db, config } = await openBenchDatabase(dataDir);
  try {
    const existing = Number((await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if (existing === 0) {
      const topics = Number(arg('topics') ?? 100_000);
      const comments = Number(arg('comments') ?? 1_000_000);
      console.log(`seeding ${topics} topics and ${comments} comments on ${config.type}…`);
      const result = await seed(db, { topics, comments, users: 1000, log: (line) => process.stdout.write(`\r${line}          `) });
      console.log(`\nseeded in ${result.seconds.toFixed(1)} s`);
    }
    topicCount = Number((await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const comments = Number((await db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    console.log(`database: ${config.type}, ${topicCount} topics, ${comments} comments`);
  } finally {
    await db.destroy();
  }
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const { server, output } = spawnServer({ dataDir, port });

try {
  await waitForServer(url, output);
  const session = await json<{ token: string }>(
    await fetch(`${url}/api/login/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench2@example.com', password: BENCH_PASSWORD }),
    }),
  );
  // A cursor 25 pages deep (500 topics in), to show keyset pages cost the same as the first.
  let cursor = '';
  for (let i = 0; i < 25; i += 1) {
    const page = await json<{ cursor: string }>(await fetch(`${url}/api/topic/topics?nodeId=0${cursor ? `&cursor=${cursor}` : ''}`));
    cursor = page.cursor;
  }
  const idle = memoryOf(server.pid!);
  const anyTopic = Math.max(1, Math.floor(topicCount / 2));
  const randomTopic = (request: { path: string }) => ({ ...request, path: `/api/topic/${1 + Math.floor(Math.random() * topicCount)}` });

  const runs: Array<{ name: string; options: CannonOptions }> = [
    { name: 'feed latest, anonymous', options: { url: `${url}/api/topic/topics?nodeId=0`, connections, duration, headers: { 'user-agent': BROWSER } } },
    { name: 'feed latest, signed in', options: { url: `${url}/api/topic/topics?nodeId=0`, connections, duration, headers: { 'user-agent': BROWSER, 'x-user-token': session.token } } },
    { name: 'feed latest, page 26', options: { url: `${url}/api/topic/topics?nodeId=0&cursor=${cursor}`, connections, duration, headers: { 'user-agent': BROWSER } } },
    { name: 'feed of a node', options: { url: `${url}/api/topic/topics?nodeId=2`, connections, duration, headers: { 'user-agent': BROWSER } } },
    { name: 'feed recommended', options: { url: `${url}/api/topic/topics?nodeId=-1`, connections, duration, headers: { 'user-agent': BROWSER } } },
    { name: 'topic detail, one topic', options: { url: `${url}/api/topic/${anyTopic}`, connections, duration, headers: { 'user-agent': BROWSER } } },
    {
      name: 'topic detail, random topics (views counted)',
      options: { url, connections, duration, headers: { 'user-agent': BROWSER }, requests: [{ method: 'GET', path: `/api/topic/1`, setupRequest: randomTopic }] },
    },
  ];

  console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (other work on this machine skews every figure)`);
  console.log(`Sabai topics benchmark: ${connections} connections, ${duration} s per route, RATE_LIMITS=off, Node ${process.version}, ${os.cpus().length} CPUs`);
  console.log(`server idle RSS: ${idle ? idle.rssMb.toFixed(0) : '?'} MB`);
  for (const run of runs) {
    await autocannon({ ...run.options, duration: 2 }); // warm-up
    const cpuBefore = cpuMsOf(server.pid!);
    const result = await autocannon(run.options);
    const cpuPerRequest = (cpuMsOf(server.pid!) - cpuBefore) / Math.max(1, result.requests.total);
    const m = memoryOf(server.pid!);
    console.log(
      [
        run.name.padEnd(44),
        `${result.requests.average.toFixed(0).padStart(6)} req/s`,
        `p50 ${String(result.latency.p50).padStart(3)} ms`,
        `p99 ${String(result.latency.p99).padStart(3)} ms`,
        `server CPU ${cpuPerRequest.toFixed(2)} ms/req`,
        `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
        `peak RSS ${m ? m.peakMb.toFixed(0) : '?'} MB`,
      ].join('  '),
    );
    if (result.non2xx > 0 || result.errors > 0) console.warn(`  warning: ${run.name} had failures`);
  }
  const final = memoryOf(server.pid!);
  console.log(`server peak RSS: ${final ? final.peakMb.toFixed(0) : '?'} MB`);
} finally {
  await stopServer(server);
  if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
}
