/**
 * Check-in and scores benchmark (issue 14): check-ins per second with 10 clients, and the score
 * ranking, today's check-in rank and a member's score log in requests per second.
 *
 *   npx tsx bench/scores.ts [--duration 10] [--connections 10] [--users 50000] [--topics 20000]
 *                           [--comments 50000] [--members 20000] [--logs 2000] [--data-dir DIR]
 *
 * Seeds a forum (bench/seed.ts: `--users` members, `--topics`, `--comments`; the issue asks for
 * the 100k seed with 50k members: pass --topics 100000 --comments 1000000 where the machine
 * allows), gives every member a score (so the ranking reads a real index range), writes
 * `--logs` score-log rows for one member, and session tokens for `--members` members. Starts the
 * real server (`server/main.ts`, production mode, RATE_LIMITS=off) as its own process and drives:
 *  1. POST checkin/checkin: every request as the next member (each checks in once: a fresh
 *     member-day is a real write: the streak read, the score, the log row, the unique insert).
 *     Prints successful check-ins/s (a 409 once the tokens run out is not counted).
 *  2. GET user/score/rank, GET checkin/rank (the 2-second cache, as in production) and
 *     GET user/score_logs (first page of the member with `--logs` rows), req/s, p50, p99.
 * DATABASE_URL selects MySQL or PostgreSQL instead of SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { issueToken } from '../server/modules/auth/tokens.service';
import { arg, autocannon, cpuMsOf, freePort, memoryOf, waitForServer, type CannonOptions, spawnServer, stopServer } from './lib';
import { openBenchDatabase, seed } from './seed';

const duration = Number(arg('duration') ?? 10);
const connections = Number(arg('connections') ?? 10);
const memberCount = Number(arg('members') ?? 20_000);
const logRows = Number(arg('logs') ?? 2000);
const givenDir = arg('data-dir');
const dataDir = givenDir ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-scores-'));

const tokens: string[] = [];
let logToken = '';
{
  const { db, config } = await openBenchDatabase(dataDir);
  try {
    const users = Number(arg('users') ?? 50_000);
    const topics = Number(arg('topics') ?? 20_000);
    const comments = Number(arg('comments') ?? 50_000);
    console.log(`seeding ${users} members, ${topics} topics and ${comments} comments on ${config.type}…`);
    const result = await seed(db, { topics, comments, users, log: (line) => process.stdout.write(`\r${line}          `) });
    console.log(`\nseeded in ${result.seconds.toFixed(1)} s`);
    // Scores spread over the members, so the ranking reads the top of a real users_score_idx.
    await sql`update users set score = (id * 7919) % 100000`.execute(db);
    const now = Date.now();
    const ids = (await db.selectFrom('users').select('id').orderBy('id').limit(memberCount + 1).execute()).map((r) => r.id);
    const logOwner = ids[0]!;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < logRows; i += 500) {
        const rows = Array.from({ length: Math.min(500, logRows - i) }, (_, k) => ({
          user_id: logOwner,
          type: k % 3 === 0 ? 'checkin' : k % 3 === 1 ? 'comment' : 'like',
          amount: 1,
          source_type: k % 3 === 0 ? '' : 'topic',
          source_id: k % 3 === 0 ? 0 : 1 + k,
          comment_id: 0,
          linked: 1,
          create_time: now - (logRows - i - k) * 60_000,
          update_time: now,
        }));
        await trx.insertInto('score_logs').values(rows).execute();
      }
      logToken = (await issueToken(trx, logOwner, { now, expireDays: 1, userAgent: 'bench', ip: '127.0.0.1' })).token;
      for (const id of ids.slice(1)) tokens.push((await issueToken(trx, id, { now, expireDays: 1, userAgent: 'bench', ip: '127.0.0.1' })).token);
    });
    console.log(`database: ${config.type}, ${result.users} members, ${logRows} score-log rows for member ${logOwner}, ${tokens.length} session tokens`);
  } finally {
    await db.destroy();
  }
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const { server, output } = spawnServer({ dataDir, port });

function line(name: string, result: { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }, extra: string): void {
  console.log([name.padEnd(30), `${result.requests.average.toFixed(0).padStart(6)} req/s`, `p50 ${String(result.latency.p50).padStart(3)} ms`, `p99 ${String(result.latency.p99).padStart(3)} ms`, extra].join('  '));
}

try {
  await waitForServer(url, output);
  console.log(`Sabai scores benchmark: ${connections} connections, ${duration} s per run, RATE_LIMITS=off, Node ${process.version}, ${os.cpus().length} CPUs`);

  // 1. Check-ins: each request is the next member's first (and only) check-in of the day.
  let next = 0;
  const checkins: CannonOptions = {
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/checkin/checkin',
        setupRequest: (request) => ({ ...request, headers: { 'content-type': 'application/json', 'x-user-token': tokens[next++ % tokens.length]! } }),
      },
    ],
    body: '{}',
  };
  const cpuBefore = cpuMsOf(server.pid!);
  const result = await autocannon(checkins);
  const ok = result.requests.total - result.non2xx;
  line('POST checkin/checkin', result, `${(ok / duration).toFixed(0)} check-ins/s (${ok} check-ins, ${result.non2xx} refused, ${result.errors} errors), server CPU ${((cpuMsOf(server.pid!) - cpuBefore) / Math.max(1, result.requests.total)).toFixed(2)} ms/req`);
  if (ok > tokens.length) console.warn('  warning: more check-ins than members?');
  if (next >= tokens.length) console.warn('  note: the tokens ran out before the end: raise --members for a longer run');

  // 2. The reads.
  const reads: Array<{ name: string; options: CannonOptions }> = [
    { name: 'GET user/score/rank', options: { url: `${url}/api/user/score/rank`, connections, duration } },
    { name: 'GET checkin/rank', options: { url: `${url}/api/checkin/rank`, connections, duration } },
    { name: `GET user/score_logs (${logRows} rows)`, options: { url: `${url}/api/user/score_logs`, connections, duration, headers: { 'x-user-token': logToken } } },
  ];
  for (const run of reads) {
    await autocannon({ ...run.options, duration: 2 }); // warm-up
    const before = cpuMsOf(server.pid!);
    const r = await autocannon(run.options);
    line(run.name, r, `server CPU ${((cpuMsOf(server.pid!) - before) / Math.max(1, r.requests.total)).toFixed(2)} ms/req (${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`);
  }
  const m = memoryOf(server.pid!);
  console.log(`server peak RSS: ${m ? m.peakMb.toFixed(0) : '?'} MB`);
} finally {
  await stopServer(server);
  if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
}
