/**
 * Comments benchmark (issue 6): replies written per second with 10 concurrent users, and the
 * HTML of a topic page with 200 comments.
 *
 *   npx tsx bench/comments.ts [--duration 15] [--page-duration 15] [--connections 10] [--warmup 3]
 *                             [--engines sqlite,mysql] [--only replies,page]
 *                             [--content html|markdown] [--profile] [--statements]
 *
 * --engines (or BENCH_ENGINES) picks the databases: sqlite, mysql (MariaDB). --only runs one
 * part. --profile writes the server's V8 CPU profile to $TMPDIR/sabai-bench-comments-profile.
 * The replies run counts the SQL statements the server sends (bench/count-statements.ts, in the
 * drivers: transaction statements included) and prints them per reply; --statements also lists
 * each statement's text with how many times a reply runs it.
 *
 * For each engine, on a fresh database:
 *  1. Replies/s (after a --warmup of 3 s, not measured): seeds one topic, one top-level comment per user, `connections` users with
 *     session tokens, through the real services; starts the real server (`server/main.ts`,
 *     production mode, RATE_LIMITS=off) as its own process, and drives POST /api/comment/create
 *     with autocannon: connection i is user i, replying to top-level comment i+1, so every reply
 *     takes the topic's row lock (comment count, last activity), its parent's (reply count), its
 *     author's (comment count) and writes two messages (to the parent's author and to the
 *     topic's). Prints replies/s, latency p50/p99 and the issue's target (≥ 1,000 replies/s on
 *     SQLite), and checks afterwards that every counter equals the rows written.
 *  2. Topic page: seeds one more topic with exactly 200 top-level comments (every tenth with
 *     1–3 replies) through createComment, restarts the server and drives GET /topic/{id} as a
 *     browser asks for it (Accept: text/html, browser user agent), anonymously (through the
 *     2-second anonymous page cache, as in production) and signed in (`sabai_token` cookie).
 *     Prints req/s, p50, p99. Needs the site build (`npm run build`; SABAI_BUILD_DIR is
 *     honoured), else this part is skipped.
 * MariaDB: 127.0.0.1:3306, root, no password (a fresh database, dropped afterwards).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { commentCreateSchema } from '../common/validation/comment';
import { topicCreateSchema } from '../common/validation/topic';
import { writePersistedConfig, type DbConfig } from '../server/config';
import type { Database } from '../server/db/database';
import type { UserRow } from '../server/db/schema';
import { openDatabase } from '../server/db/open';
import { EMPTY_LOCATION } from '../server/infra/ip-location';
import { issueToken } from '../server/modules/auth/tokens.service';
import { createComment } from '../server/modules/comments/comments.service';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { requireDb, type AppContext } from '../server/context';
import { runWrite } from '../server/kernel/write';
import { defaultSettings } from '../server/modules/settings/settings.schema';
import { createTopic } from '../server/modules/topics/topics.writes';
import { findUserById, insertUser } from '../server/modules/users/users.repository';
import { newUserValues } from '../server/modules/users/users.service';
import { freePort, waitForServer, BROWSER_HEADERS } from './lib';

interface CannonClient {
  setHeaders(headers: Record<string, string>): void;
  setBody(body: string): void;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  setupClient?(client: CannonClient): void;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
// autocannon ships no types; this is the slice we use.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

const ROOT = path.resolve(import.meta.dirname, '..');
/** What the comment box sends: the compact editor's HTML, or Markdown. */
const CONTENT = {
  html: '<p>A reply written by the benchmark, with a little <strong>formatting</strong> and a <a href="https://example.com/">link</a>.</p>',
  markdown: 'A reply written by the benchmark, with a little **formatting** and a [link](https://example.com/).',
} as const;
const MYSQL_ADMIN = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
/** The issue's target for the replies run (printed, not asserted). */
const REPLIES_TARGET = 1000;
/** The topic page run: comments on its topic, and every how-many-th top-level comment gets replies. */
const PAGE_COMMENTS = 200;
const PAGE_REPLY_EVERY = 10;
const BUILD_DIR = path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
}

/** CPU seconds a Linux process has used (user + system), or null off Linux. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3): ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

interface Seeded {
  topicId: number;
  users: Array<{ token: string; parentId: number }>;
}

function seedMeta(now: number) {
  return { now, settings: defaultSettings, siteOrigin: null, ip: '127.0.0.1', userAgent: 'bench', location: EMPTY_LOCATION };
}

/** A verified member with a one-day session token. */
async function makeUser(db: Database, label: string, now: number): Promise<{ user: UserRow; token: string }> {
  const id = await insertUser(
    db,
    newUserValues({ nickname: `Bench ${label}`, username: null, email: `bench${label}.${randomBytes(3).toString('hex')}@example.com`, email_verified: 1, password_hash: null, role: 'member', forbidden_until: 0 }, now),
  );
  const user = await findUserById(db, id);
  if (!user) throw new Error('seed: user missing');
  const { token } = await issueToken(db, id, { now, expireDays: 1, userAgent: 'bench', ip: '127.0.0.1' });
  return { user, token };
}

async function seedComment(ctx: AppContext, author: UserRow, fields: { entityType: 'topic' | 'comment'; entityId: number; content: string }, now: number): Promise<number> {
  const input = commentCreateSchema.parse({ ...fields, contentType: 'html' });
  const created = await runWrite(ctx, (scope) => createComment(scope, author, input, seedMeta(now)));
  return created.row.id;
}

/** The seeding writes go through the app's own write path (its counters and messages are handlers). */
async function seedingApp(dataDir: string): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const app = await buildApp(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'fatal', REDIS_URL: '' }));
  return { ctx: app.ctx, close: () => app.close() };
}

/** One topic, and per connection a user with a token and a top-level comment to reply to. */
async function seed(ctx: AppContext, count: number): Promise<Seeded> {
  const db = requireDb(ctx);
  const now = Date.now();
  const owner = await makeUser(db, '0', now);
  const topicId = (await runWrite(ctx, (scope) => createTopic(scope, owner.user, topicCreateSchema.parse({ title: 'Benchmark topic', content: '<p>Reply here</p>' }), seedMeta(now)))).row.id;
  const users: Seeded['users'] = [];
  for (let i = 1; i <= count; i++) {
    const { user, token } = await makeUser(db, String(i), now);
    users.push({ token, parentId: await seedComment(ctx, user, { entityType: 'topic', entityId: topicId, content: `Top-level comment ${i}` }, now) });
  }
  return { topicId, users };
}

/**
 * The topic page run's topic: exactly PAGE_COMMENTS top-level comments by a handful of
 * members, every PAGE_REPLY_EVERY-th with 1–3 replies (one quoting a reply), all through
 * createComment. Answers the topic and a reader's token for the signed-in run.
 */
async function seedPageTopic(ctx: AppContext): Promise<{ topicId: number; token: string; replies: number }> {
  const db = requireDb(ctx);
  const now = Date.now();
  const members = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser(db, `page${i}`, now)));
  const author = members[0]!;
  const topicId = (
    await runWrite(ctx, (scope) =>
      createTopic(scope, author.user, topicCreateSchema.parse({ title: 'A topic with 200 comments', content: `<p>${'Where is the best khao soi in town? '.repeat(8)}</p>` }), seedMeta(now)),
    )
  ).row.id;
  let replies = 0;
  for (let i = 0; i < PAGE_COMMENTS; i++) {
    const writer = members[1 + (i % (members.length - 1))]!;
    const id = await seedComment(ctx, writer.user, { entityType: 'topic', entityId: topicId, content: `<p>Comment ${i + 1}: ${CONTENT.html}</p>` }, now + i);
    if (i % PAGE_REPLY_EVERY !== 0) continue;
    let target = id;
    for (let r = 0; r < 1 + (i % 3); r++) {
      target = await seedComment(ctx, members[r % members.length]!.user, { entityType: 'comment', entityId: target, content: `<p>Reply ${r + 1} to comment ${i + 1}.</p>` }, now + i);
      replies += 1;
    }
  }
  return { topicId, token: members[members.length - 1]!.token, replies };
}

interface Check {
  comments: number;
  topicCount: number;
  replyCounts: number;
  userCounts: number;
  messages: number;
}

async function check(db: Database, topicId: number): Promise<Check> {
  const comments = await db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('entity_id', '=', topicId).where('status', '=', 0).executeTakeFirstOrThrow();
  const topic = await db.selectFrom('topics').select('comment_count').where('id', '=', topicId).executeTakeFirstOrThrow();
  const replies = await db.selectFrom('comments').select((eb) => eb.fn.sum<number>('reply_count').as('n')).where('entity_id', '=', topicId).where('parent_id', 'is', null).executeTakeFirstOrThrow();
  const users = await db.selectFrom('users').select((eb) => eb.fn.sum<number>('comment_count').as('n')).executeTakeFirstOrThrow();
  const messages = await db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { comments: Number(comments.n), topicCount: topic.comment_count, replyCounts: Number(replies.n), userCounts: Number(users.n), messages: Number(messages.n) };
}

async function databaseFor(engine: string, dataDir: string): Promise<{ config: DbConfig; drop(): Promise<void> }> {
  if (engine === 'sqlite') return { config: { type: 'sqlite', file: path.join(dataDir, 'sabai.db') }, drop: async () => {} };
  if (engine === 'mysql') {
    const name = `sabai_bench_${Date.now().toString(36)}`;
    const admin = await mysql.createConnection(MYSQL_ADMIN);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    return {
      config: { type: 'mysql', host: MYSQL_ADMIN.host, port: MYSQL_ADMIN.port, database: name, username: MYSQL_ADMIN.user, password: '' },
      drop: async () => {
        const c = await mysql.createConnection(MYSQL_ADMIN);
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await c.end();
      },
    };
  }
  throw new Error(`unknown engine ${engine} (sqlite, mysql)`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/** The real server on `dataDir`, as its own process; resolves once it answers. */
async function startServer(dataDir: string, statementsFile?: string): Promise<{ server: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profile = process.argv.includes('--profile') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(os.tmpdir(), 'sabai-bench-comments-profile')}`] : [];
  const counting = statementsFile ? ['--import', path.join(ROOT, 'bench', 'count-statements.ts')] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', ...counting, path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMITS: 'off',
      NODE_ENV: 'production',
      LOG_LEVEL: 'fatal',
      REDIS_URL: '',
      ...(statementsFile ? { SABAI_BENCH_STATEMENTS: statementsFile } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    await waitForServer(url, () => log);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { server, url };
}

async function runReplies(engine: string, database: { config: DbConfig }, dataDir: string): Promise<void> {
  const seeding = await seedingApp(dataDir);
  const seeded = await seed(seeding.ctx, connections);
  const before = await check(requireDb(seeding.ctx), seeded.topicId);
  await seeding.close();

  const statementsFile = path.join(dataDir, 'statements.json');
  const { server, url } = await startServer(dataDir, statementsFile);
  try {
    let next = 0;
    const load = (seconds: number) =>
      autocannon({
        url: `${url}/api/comment/create`,
        connections,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        setupClient(client) {
          // Connection i is user i, replying to the next user's comment (so the reply is news to someone).
          const i = next++ % seeded.users.length;
          const user = seeded.users[i]!;
          const parent = seeded.users[(i + 1) % seeded.users.length]!;
          client.setHeaders({ 'content-type': 'application/json', 'x-user-token': user.token });
          client.setBody(JSON.stringify({ entityType: 'comment', entityId: parent.parentId, content: CONTENT[contentType], contentType }));
        },
      });
    // A warm-up first (modules loaded on first use, the JIT, the prepared statements), not measured:
    // the statement counts start again from zero after it (SIGUSR2, bench/count-statements.ts).
    const warm = warmup > 0 ? await load(warmup) : null;
    server.kill('SIGUSR2');
    // The replies written when the counts started again: statements per reply are over those written since.
    const atReset = await openDatabase(database.config);
    const writtenAtReset = (await check(atReset, seeded.topicId)).comments;
    await atReset.destroy();
    const cpuBefore = cpuSeconds(server.pid!);
    const result = await load(duration);
    const cpuAfter = cpuSeconds(server.pid!);
    // Replies still in flight when autocannon stopped finish first: stop the server, then count.
    await stop(server);
    const verify = await openDatabase(database.config);
    const after = await check(verify, seeded.topicId);
    await verify.destroy();
    const written = after.comments - before.comments;
    const answered = result['2xx'] + (warm?.['2xx'] ?? 0);
    // Replies in flight when a run stopped are written but not counted.
    const consistent = after.topicCount === after.comments && after.replyCounts === after.comments - connections && after.userCounts === after.comments && written >= answered && written <= answered + 2 * connections;
    // The measured run's replies (the figures per reply below are over these).
    const measured = result['2xx'];
    // Replies written since the statement counts started again (those in flight at the end included: their statements are counted too).
    const sinceReset = after.comments - writtenAtReset;
    const rate = result.requests.average;
    // Every statement the server ran since the warm-up, its drain included (a few against thousands of replies).
    const statements = existsSync(statementsFile) ? (JSON.parse(readFileSync(statementsFile, 'utf8')) as Record<string, number>) : {};
    const statementTotal = Object.values(statements).reduce((a, b) => a + b, 0);
    const cpu = cpuBefore !== null && cpuAfter !== null && cpuAfter > cpuBefore ? cpuAfter - cpuBefore : null;
    console.log(
      [
        `${engine.padEnd(7)} replies`,
        `${rate.toFixed(0).padStart(6)} replies/s`,
        // The issue's target is set for SQLite; other engines show it for comparison.
        `(target ≥ ${REPLIES_TARGET.toLocaleString('en-US')} replies/s on SQLite${engine === 'sqlite' ? (rate >= REPLIES_TARGET ? ': met' : ': NOT met') : ''})`,
        `p50 ${String(result.latency.p50).padStart(4)} ms`,
        `p99 ${String(result.latency.p99).padStart(4)} ms`,
        `(${measured} replies in ${duration} s after a ${warmup} s warm-up; ${written} replies and ${after.messages - before.messages} messages written in all; ${result.non2xx} non-2xx, ${result.errors} errors)`,
        `counters ${consistent ? 'consistent' : `INCONSISTENT ${JSON.stringify(after)}`}`,
        // On a shared or busy machine the wall-clock rate understates the server: this is what one
        // fully available core gives (replies per second of CPU the server process actually got).
        cpu !== null ? `server CPU ${cpu.toFixed(1)} s = ${(measured / cpu).toFixed(0)} replies per CPU-second, ${((cpu * 1000) / measured).toFixed(2)} ms per reply` : '',
        sinceReset > 0 && statementTotal > 0 ? `${(statementTotal / sinceReset).toFixed(1)} SQL statements per reply` : '',
        `load average ${os.loadavg()[0]!.toFixed(1)}`,
      ].join('  '),
    );
    if (process.argv.includes('--statements') && sinceReset > 0) {
      for (const [sql, n] of Object.entries(statements).sort((a, b) => b[1] - a[1])) {
        if (n / sinceReset >= 0.05) console.log(`  ${(n / sinceReset).toFixed(2).padStart(5)} × ${sql.replace(/\s+/g, ' ').slice(0, 220)}`);
      }
    }
  } finally {
    await stop(server);
  }
}

async function runPage(engine: string, database: { config: DbConfig }, dataDir: string): Promise<void> {
  if (!existsSync(path.join(BUILD_DIR, 'server', 'index.js'))) {
    console.log(`${engine.padEnd(7)} topic page skipped: no site build in ${path.relative(ROOT, BUILD_DIR)} (run \`npm run build\`)`);
    return;
  }
  const seeding = await seedingApp(dataDir);
  const page = await seedPageTopic(seeding.ctx);
  const topic = await requireDb(seeding.ctx).selectFrom('topics').select(['comment_count']).where('id', '=', page.topicId).executeTakeFirstOrThrow();
  await seeding.close();

  const { server, url } = await startServer(dataDir);
  try {
    const target = `${url}/topic/${page.topicId}`;
    const signedIn = { ...BROWSER_HEADERS, cookie: `sabai_token=${page.token}` };
    const sample = await fetch(target, { headers: signedIn });
    const html = await sample.text();
    if (sample.status !== 200) throw new Error(`topic page answered ${sample.status}`);
    const shown = (html.match(/data-testid="comment"/g) ?? []).length;
    console.log(
      `${engine.padEnd(7)} topic page /topic/${page.topicId}: ${topic.comment_count - page.replies} top-level comments + ${page.replies} replies, ${shown} comments on its first page, ${(html.length / 1024).toFixed(0)} KB of HTML`,
    );
    for (const [name, headers] of [
      ['anonymous', BROWSER_HEADERS],
      ['signed in', signedIn],
    ] as const) {
      await autocannon({ url: target, connections, duration: Math.min(3, pageDuration), headers }); // warm-up (JIT, caches)
      const result = await autocannon({ url: target, connections, duration: pageDuration, headers });
      console.log(
        [
          `${engine.padEnd(7)} topic page, ${name.padEnd(9)}`,
          `${result.requests.average.toFixed(0).padStart(6)} req/s`,
          `p50 ${String(result.latency.p50).padStart(4)} ms`,
          `p99 ${String(result.latency.p99).padStart(4)} ms`,
          `(${result.requests.total} requests in ${pageDuration} s, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
        ].join('  '),
      );
    }
  } finally {
    await stop(server);
  }
}

async function run(engine: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-comments-'));
  const database = await databaseFor(engine, dataDir);
  try {
    writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: database.config });
    if (parts.includes('replies')) await runReplies(engine, database, dataDir);
    if (parts.includes('page')) await runPage(engine, database, dataDir);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const duration = Number(arg('duration', '15'));
const warmup = Number(arg('warmup', '3'));
const pageDuration = Number(arg('page-duration', String(duration)));
const connections = Number(arg('connections', '10'));
const engines = arg('engines', process.env.BENCH_ENGINES || 'sqlite,mysql').split(',');
const parts = arg('only', 'replies,page').split(',');
const contentType = arg('content', 'html') === 'markdown' ? 'markdown' : 'html';
console.log(
  `Sabai comments benchmark: ${connections} concurrent connections, replies (${contentType} content, ${duration} s) and a topic page with ${PAGE_COMMENTS} comments (${pageDuration} s each) per engine (${engines.join(', ')}), RATE_LIMITS=off, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
);
for (const engine of engines) await run(engine);
