/**
 * Held comments under concurrency (issue 30, finding 1): `--members` members comment at once for
 * `--duration` seconds on one topic, every comment holding the forbidden word "review" (so each
 * is stored pending and its hold saved in `review_holds`). Each member is one client sending its
 * next comment as soon as the last is answered. Prints per engine the answers by status, the
 * requests that failed outright, the rate and latency, and whether the rows are whole (every 200
 * is one pending comment with one hold; no comment without its hold, no hold without its
 * comment). Figures, not assertions.
 *
 *   npx tsx bench/held-comments.ts [--duration 15] [--members 8] [--engines sqlite,mysql,postgres]
 *
 * The real server (`server/main.ts` through tsx, production mode, RATE_LIMITS=off) as its own
 * process, on a fresh database per engine (MariaDB 127.0.0.1:3306 root, PostgreSQL
 * 127.0.0.1:5432; dropped afterwards). Seeding goes through the app's own services.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { topicCreateSchema } from '../common/validation/topic';
import { wordSchema } from '../common/validation/words';
import { buildApp } from '../server/app';
import { loadConfig, writePersistedConfig, type DbType } from '../server/config';
import { requireDb } from '../server/context';
import type { Database } from '../server/db/database';
import { openDatabase } from '../server/db/open';
import { EMPTY_LOCATION } from '../server/infra/ip-location';
import { runWrite } from '../server/kernel/write';
import { issueToken } from '../server/modules/auth/tokens.service';
import { defaultSettings } from '../server/modules/settings/settings.schema';
import { writeSettings } from '../server/modules/settings/settings.service';
import { createTopic } from '../server/modules/topics/topics.writes';
import { findUserById, insertUser } from '../server/modules/users/users.repository';
import { newUserValues } from '../server/modules/users/users.service';
import { storedValues } from '../server/modules/words/words.service';
import { createTestDatabase } from '../tests/support/databases';
import { freePort, spawnServer, stopServer, waitForServer } from './lib';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '15' }, members: { type: 'string', default: '8' }, engines: { type: 'string', default: 'sqlite,mysql,postgres' } } });
const duration = Number(values.duration);
const memberCount = Number(values.members);
const engines = values.engines.split(',') as DbType[];
const NO_LIMIT = { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 0, windowMs: 60_000 } };

/** A verified member with a one-day session token. */
async function makeMember(db: Database, label: string, now: number): Promise<{ id: number; token: string }> {
  const email = `held${label}.${randomBytes(3).toString('hex')}@example.com`;
  const id = await insertUser(db, newUserValues({ nickname: `Held ${label}`, username: null, email, email_verified: 1, password_hash: null, role: 'member', forbidden_until: 0 }, now));
  const { token } = await issueToken(db, id, { now, expireDays: 1, userAgent: 'bench', ip: '127.0.0.1' });
  return { id, token };
}

/** One topic by a moderator, the members, and "review" as a forbidden word that holds. */
async function seed(dataDir: string): Promise<{ topicId: number; tokens: string[] }> {
  const app = await buildApp(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'fatal', REDIS_URL: '' }));
  try {
    const db = requireDb(app.ctx);
    const now = Date.now();
    await writeSettings(db, { commentLimits: NO_LIMIT, postLimits: NO_LIMIT }, now);
    const owner = await makeMember(db, 'owner', now);
    await db.updateTable('users').set({ role: 'moderator' }).where('id', '=', owner.id).execute();
    const ownerRow = await findUserById(db, owner.id);
    if (!ownerRow) throw new Error('seed: owner missing');
    const meta = { now, settings: defaultSettings, siteOrigin: null, ip: '127.0.0.1', userAgent: 'bench', location: EMPTY_LOCATION };
    const topic = await runWrite(app.ctx, (scope) => createTopic(scope, ownerRow, topicCreateSchema.parse({ title: 'Tell us what you think', content: '<p>Comments welcome</p>' }), meta));
    const tokens: string[] = [];
    for (let i = 0; i < memberCount; i++) tokens.push((await makeMember(db, String(i), now)).token);
    const word = wordSchema.parse({ pattern: 'review', kind: 'word', action: 'review' });
    await db.insertInto('forbidden_words').values({ ...storedValues(word), created_by: null, create_time: now, update_time: now }).execute();
    return { topicId: topic.row.id, tokens };
  } finally {
    await app.close();
  }
}

interface Tally {
  statuses: Map<string, number>;
  /** Requests that got no answer at all (reset, refused). */
  failed: number;
  accepted: number;
  latencies: number[];
}

/**
 * Each member sends its next comment as soon as the last is answered, until `seconds` are up
 * (0: one comment each, the warm-up).
 */
async function drive(url: string, topicId: number, tokens: string[], seconds: number, label: string): Promise<Tally> {
  const tally: Tally = { statuses: new Map(), failed: 0, accepted: 0, latencies: [] };
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, m) => {
      for (let n = 0; n === 0 || Date.now() < until; n++) {
        const started = performance.now();
        try {
          const res = await fetch(`${url}/api/comment/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-user-token': token },
            body: JSON.stringify({ entityType: 'topic', entityId: topicId, content: `Please review this, member ${m} ${label} ${n}` }),
          });
          await res.arrayBuffer();
          const key = res.status === 503 ? `503${res.headers.get('retry-after') === null ? ' without Retry-After' : ''}` : String(res.status);
          tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
          if (res.status === 200) tally.accepted += 1;
        } catch {
          tally.failed += 1;
        }
        tally.latencies.push(performance.now() - started);
      }
    }),
  );
  return tally;
}

/** Whole rows: pending comments, their holds, and the ones missing either side. */
async function rows(db: Database, topicId: number): Promise<{ pending: number; holds: number; withoutHold: number; holdWithoutComment: number; published: number }> {
  const comments = await db.selectFrom('comments').select(['id', 'status']).where('entity_type', '=', 'topic').where('entity_id', '=', topicId).execute();
  const holds = new Set((await db.selectFrom('review_holds').select('item_id').where('kind', '=', 'comment').execute()).map((h) => Number(h.item_id)));
  const pending = comments.filter((c) => c.status === 2).map((c) => Number(c.id));
  const pendingSet = new Set(pending);
  return {
    pending: pending.length,
    holds: holds.size,
    withoutHold: pending.filter((id) => !holds.has(id)).length,
    holdWithoutComment: [...holds].filter((id) => !pendingSet.has(id)).length,
    published: comments.length - pending.length,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(engine: DbType): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-held-'));
  const database = await createTestDatabase(engine);
  try {
    writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: database.config });
    const { topicId, tokens } = await seed(dataDir);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { server, output } = spawnServer({ dataDir, port, env: { REDIS_URL: '' } });
    let tally: Tally;
    let warmed = 0;
    try {
      await waitForServer(url, output);
      // Warm-up, not counted in the figures (the first requests compile and start the word screen's worker).
      warmed = (await drive(url, topicId, tokens, 0, 'warm-up')).accepted;
      tally = await drive(url, topicId, tokens, duration, 'comment');
    } finally {
      await stopServer(server);
    }
    const verify = await openDatabase(database.config);
    const written = await rows(verify, topicId);
    await verify.destroy();
    const answers = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
    const errors = answers - (tally.statuses.get('200') ?? 0);
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    const whole = written.withoutHold === 0 && written.holdWithoutComment === 0 && written.published === 0 && written.pending === tally.accepted + warmed;
    console.log(
      [
        `${engine.padEnd(8)} ${answers} answers in ${duration} s (${(answers / duration).toFixed(0)}/s)`,
        `errors ${errors}`,
        `by status ${JSON.stringify(Object.fromEntries([...tally.statuses].sort()))}`,
        `no answer ${tally.failed}`,
        `p50 ${percentile(sorted, 50).toFixed(0)} ms p99 ${percentile(sorted, 99).toFixed(0)} ms`,
        `rows ${whole ? 'whole' : 'NOT WHOLE'} (${written.pending} pending comments, ${written.holds} holds, ${written.withoutHold} without hold, ${written.holdWithoutComment} holds without comment)`,
      ].join('  '),
    );
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Sabai held-comments benchmark: ${memberCount} members commenting at once for ${duration} s with the forbidden word "review", per engine (${engines.join(', ')}), Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`);
for (const engine of engines) await run(engine);
