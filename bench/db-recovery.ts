/**
 * How soon the app answers again after a database outage (issue 30, finding 7): the app (in
 * process, the test site build) on MariaDB or PostgreSQL behind a TCP proxy; each round cuts
 * the proxy for `--seconds` while two clients keep reading, writing and asking for a page not in
 * the cache, then restores it and asks every 10 ms until a read (JSON list), a write (a comment)
 * and an uncached page have each answered 200. Prints each one's delay after the restore, per
 * round. Figures, not assertions (server/db/outage.test.ts asserts the bound).
 *
 *   npx tsx bench/db-recovery.ts [--engine mysql|postgres] [--rounds 5] [--seconds 3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createTestDatabase } from '../tests/support/databases';
import { createUser } from '../tests/support/factories';
import { fakeSiteBuild } from '../tests/support/fake-site';
import { startTcpProxy } from '../tests/support/tcp-proxy';
import { createTestApp, NO_LIMIT, writeTestSettings } from '../tests/support/test-app';
import { postTopic } from '../tests/support/topic-factories';
import { writePersistedConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { siteFromBuild } from '../server/http/ssr';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'mysql' }, rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '3' }, silent: { type: 'boolean', default: false } } });
const engine = values.engine === 'postgres' ? 'postgres' : 'mysql';
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await createTestDatabase(engine);
if (database.config.type === 'sqlite') throw new Error('a server engine');
const proxy = await startTcpProxy({ host: database.config.host, port: database.config.port });
const proxied = { ...database.config, port: proxy.port };
await (await openDatabase(proxied)).destroy();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-recovery-'));
writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: proxied });
const t = await createTestApp({ reuse: { dataDir, database: { config: proxied, drop: () => database.drop() } }, site: siteFromBuild(fakeSiteBuild()), env: { LOG_LEVEL: 'silent' } });
try {
  await writeTestSettings(t, { commentLimits: NO_LIMIT, postLimits: NO_LIMIT }, Date.now());
  const member = await createUser(t);
  const topic = await postTopic(t, member.token, { title: 'Recovery' });
  let visit = 0;
  const probes = {
    read: async () => (await t.get('/api/topic/topics')).status,
    write: async () => (await t.post('/api/comment/create', { entityType: 'topic', entityId: topic, content: `back ${visit++}` }, { token: member.token })).status,
    page: async () => (await t.get(`/topics?tab=recommended&visit=${visit++}`)).status,
  };
  type Kind = keyof typeof probes;
  const kinds = Object.keys(probes) as Kind[];
  const results: Array<Record<Kind, number>> = [];
  const outageAnswers: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    await proxy.cut({ silent: values.silent });
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      [0, 1].map(async () => {
        for (let i = 0; Date.now() < until; i++) {
          const asked = performance.now();
          const kind = kinds[i % kinds.length]!;
          // A silent outage may hold an answer for as long as it lasts: wait no longer than the outage.
          const answer = probes[kind]().then((status) => outageAnswers.push(`${kind} ${status} after ${Math.round(performance.now() - asked)} ms`));
          await Promise.race([answer, sleep(Math.max(0, until - Date.now()))]);
          await sleep(20);
        }
      }),
    );
    if (process.env.VERBOSE) console.log(`  answered during the outage: ${outageAnswers.splice(0).join(', ')}`);
    await proxy.restore();
    const restoredAt = performance.now();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const back: Partial<Record<Kind, number>> = {};
    await Promise.all(
      kinds.map(async (kind) => {
        const tries: string[] = [];
        while (performance.now() - restoredAt < 15_000) {
          const asked = performance.now();
          const status = await probes[kind]();
          tries.push(`${status} in ${Math.round(performance.now() - asked)} ms`);
          if (status === 200) {
            back[kind] = performance.now() - restoredAt;
            if (process.env.VERBOSE) console.log(`  ${kind} after the restore: ${tries.join(', ')}`);
            return;
          }
          await sleep(10);
        }
        back[kind] = NaN;
      }),
    );
    lag.disable();
    results.push(back as Record<Kind, number>);
    // A busy machine stalls this process too: the longest stall says how much of a delay is not the app's.
    console.log(`${engine} round ${round}: ${kinds.map((kind) => `${kind} ${Math.round(back[kind]!)} ms`).join(', ')} (longest event-loop stall ${Math.round(lag.max / 1e6)} ms)`);
    // Let the outage end everywhere before the next round.
    while (t.ctx.dbOutage.down) await sleep(50);
  }
  const worst = (kind: Kind) => Math.round(Math.max(...results.map((r) => r[kind])));
  console.log(`${engine} worst of ${rounds}: ${kinds.map((kind) => `${kind} ${worst(kind)} ms`).join(', ')}`);
} finally {
  await t.close();
  await proxy.close();
  rmSync(dataDir, { recursive: true, force: true });
}
