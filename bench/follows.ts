/**
 * Follows benchmark (issue 13): follow toggles per second with 10 clients, and the lists and
 * the following feed of a member who follows 1,000 others (and has 1,000 followers), first page
 * against page 50: keyset pages must cost the same however deep.
 *
 *   npx tsx bench/follows.ts [--data-dir DIR] [--duration 10] [--connections 10]
 *                            [--topics 100000] [--comments 100000] [--only feed]
 *
 * Without --data-dir it seeds a fresh SQLite forum (bench/seed.ts: 1,001 members, the topics
 * spread over them) and removes it after; DATABASE_URL picks another engine. Member 1 then
 * follows every other member and every other member follows member 1 (written directly, with
 * the counts). Starts the real server (`server/main.ts`, production mode, RATE_LIMITS=off) as its
 * own process and drives with autocannon:
 *  - toggles: each request is one of 10 members following or unfollowing one of 50 others at
 *    random (POST fans/follow | fans/unfollow), so rows are inserted and deleted and counters
 *    locked concurrently; afterwards every counter is checked against the rows;
 *  - GET fans/fans and fans/followed of member 1, page 1 and page 50 (cursor walked beforehand);
 *  - GET topic/topics?nodeId=-2 (the following feed) as member 1, page 1 and page 50.
 * Prints req/s, p50, p99 and the server's CPU per request. `--only WORD` runs only the runs whose
 * name holds WORD (e.g. `--only feed`: the following feed alone, to spare a shared machine).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from '../server/db/database';
import { issueToken } from '../server/modules/auth/tokens.service';
import { openBenchDatabase, seed } from './seed';
import { arg, autocannon, cpuMsOf, freePort, waitForServer, type CannonOptions, spawnServer, stopServer } from './lib';

const duration = Number(arg('duration') ?? 10);
const connections = Number(arg('connections') ?? 10);
const givenDir = arg('data-dir');
const dataDir = givenDir ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-follows-'));
const MEMBERS = 1001;
const TOGGLERS = 10;
const TARGETS = 50;
const only = arg('only');

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { success: boolean; data?: T; message?: string };
  if (!body.success || body.data === undefined) throw new Error(`request failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** Member `star` follows every other member, and every other member follows `star`, counts in step. */
async function followEveryone(db: Database, star: number, others: readonly number[], now: number): Promise<void> {
  const rows = others.flatMap((other, i) => [
    { user_id: star, other_id: other, create_time: now + i },
    { user_id: other, other_id: star, create_time: now + i },
  ]);
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('user_follows').values(rows.slice(i, i + 500)).execute();
  await sql`update users set follow_count = (select count(*) from user_follows f where f.user_id = users.id), fans_count = (select count(*) from user_follows f where f.other_id = users.id)`.execute(db);
}

/** Every member's counts equal their rows (after the concurrent toggles). */
async function countsInStep(db: Database): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from users u where u.follow_count <> (select count(*) from user_follows f where f.user_id = u.id) or u.fans_count <> (select count(*) from user_follows f where f.other_id = u.id)`.execute(db);
  return Number(rows[0]?.n ?? 1) === 0;
}

let star: number;
let tokens: string[];
let targets: number[];
{
  const { db, config } = await openBenchDatabase(dataDir);
  try {
    const existing = Number((await db.selectFrom('user_follows').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const topics = Number(arg('topics') ?? 100_000);
    const comments = Number(arg('comments') ?? 100_000);
    if (Number((await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) === 0) {
      console.log(`seeding ${topics} topics, ${comments} comments, ${MEMBERS} members on ${config.type}…`);
      const result = await seed(db, { topics, comments, users: MEMBERS, log: (line) => process.stdout.write(`\r${line}          `) });
      console.log(`\nseeded in ${result.seconds.toFixed(1)} s`);
    }
    const members = (await db.selectFrom('users').select('id').where('email', 'like', 'bench%').orderBy('id').execute()).map((row) => Number(row.id));
    star = members[0]!;
    if (existing === 0) await followEveryone(db, star, members.slice(1), Date.now() - 86_400_000);
    // Togglers and targets stay clear of the star, so its lists keep their 1,000 rows.
    const togglers = members.slice(1, 1 + TOGGLERS);
    targets = members.slice(1 + TOGGLERS, 1 + TOGGLERS + TARGETS);
    tokens = [];
    for (const id of togglers) tokens.push((await issueToken(db, id, { now: Date.now(), expireDays: 1, userAgent: 'bench', ip: '127.0.0.1' })).token);
    tokens.push((await issueToken(db, star, { now: Date.now(), expireDays: 1, userAgent: 'bench', ip: '127.0.0.1' })).token);
    console.log(`database: ${config.type}; member ${star} follows ${members.length - 1} members and has as many followers`);
  } finally {
    await db.destroy();
  }
}
const starToken = tokens.pop()!;

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const { server, output } = spawnServer({ dataDir, port });

/** The cursor of page `page` (1-based) of a list, walked page by page. */
async function cursorOf(pathAndQuery: string, page: number, token?: string): Promise<string> {
  let cursor = '';
  for (let i = 1; i < page; i += 1) {
    const answer = await json<{ cursor: string }>(await fetch(`${url}${pathAndQuery}${cursor ? `&cursor=${cursor}` : ''}`, { headers: token ? { 'x-user-token': token } : {} }));
    if (!answer.cursor) throw new Error(`${pathAndQuery}: only ${i} pages`);
    cursor = answer.cursor;
  }
  return cursor;
}

try {
  await waitForServer(url, output);
  const toggle = (request: { path: string; method?: string; headers?: Record<string, string>; body?: string }) => {
    const on = Math.random() < 0.5;
    return {
      ...request,
      method: 'POST',
      path: on ? '/api/fans/follow' : '/api/fans/unfollow',
      headers: { 'content-type': 'application/json', 'x-user-token': tokens[Math.floor(Math.random() * tokens.length)]! },
      body: JSON.stringify({ userId: targets[Math.floor(Math.random() * targets.length)] }),
    };
  };
  const lists = [
    { name: 'fans/fans', path: `/api/fans/fans?userId=${star}`, token: undefined },
    { name: 'fans/followed', path: `/api/fans/followed?userId=${star}`, token: undefined },
    { name: 'following feed (topic/topics -2)', path: '/api/topic/topics?nodeId=-2', token: starToken },
  ];
  const runs: Array<{ name: string; options: CannonOptions }> = [
    { name: `follow toggles, ${connections} clients`, options: { url, connections, duration, requests: [{ method: 'POST', path: '/api/fans/follow', setupRequest: toggle }] } },
  ];
  for (const list of lists) {
    if (only && !list.name.includes(only)) continue;
    const headers: Record<string, string> = list.token ? { 'x-user-token': list.token } : {};
    const deep = await cursorOf(list.path, 50, list.token);
    runs.push({ name: `${list.name}, page 1`, options: { url: url + list.path, connections, duration, headers } });
    runs.push({ name: `${list.name}, page 50`, options: { url: `${url}${list.path}&cursor=${deep}`, connections, duration, headers } });
  }

  if (only) runs.splice(0, runs.length, ...runs.filter((run) => run.name.includes(only)));
  console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (other work on this machine skews every figure)`);
  console.log(`Sabai follows benchmark: ${connections} connections, ${duration} s per run, RATE_LIMITS=off, Node ${process.version}, ${os.cpus().length} CPUs`);
  for (const run of runs) {
    await autocannon({ ...run.options, duration: 2 }); // warm-up
    const cpuBefore = cpuMsOf(server.pid!);
    const result = await autocannon(run.options);
    const cpuPerRequest = (cpuMsOf(server.pid!) - cpuBefore) / Math.max(1, result.requests.total);
    console.log(
      [
        run.name.padEnd(40),
        `${result.requests.average.toFixed(0).padStart(6)} req/s`,
        `p50 ${String(result.latency.p50).padStart(3)} ms`,
        `p99 ${String(result.latency.p99).padStart(3)} ms`,
        `server CPU ${cpuPerRequest.toFixed(2)} ms/req`,
        `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
      ].join('  '),
    );
    if (result.non2xx > 0 || result.errors > 0) console.warn(`  warning: ${run.name} had failures`);
  }
} finally {
  await stopServer(server);
}
{
  const { db } = await openBenchDatabase(dataDir);
  try {
    console.log(`counters equal the rows after the toggles: ${(await countsInStep(db)) ? 'yes' : 'NO'}`);
  } finally {
    await db.destroy();
  }
}
if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
