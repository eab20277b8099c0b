/**
 * A database outage under traffic (issue 19): the compiled server on PostgreSQL (or MariaDB)
 * behind a TCP proxy; the proxy is cut for `--seconds` while `--concurrency` clients keep asking
 * for a JSON list, the home page (in the page cache) and a page that is not; then restored.
 * Prints the answers during the outage by status and kind, how long until everything answered
 * 200 again, and the server's log lines at warn level and above. Figures, not assertions.
 *
 *   npx tsx bench/db-outage.ts [--engine postgres|mysql] [--seconds 5] [--concurrency 8]
 *
 * Uses the existing build (`npm run build` first) and a fresh database on the local server.
 */
import { parseArgs } from 'node:util';
import { createTestDatabase } from '../tests/support/databases';
import { startServer } from '../tests/support/e2e-server';
import { startTcpProxy } from '../tests/support/tcp-proxy';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'postgres' }, seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '8' } } });
const engine = values.engine === 'mysql' ? 'mysql' : 'postgres';
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const TARGETS = { api: '/api/topic/topics', cachedPage: '/', uncachedPage: '/topics?tab=recommended' } as const;
type Target = keyof typeof TARGETS;
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' };

async function status(url: string): Promise<number> {
  try {
    const res = await fetch(url, { headers: BROWSER });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

const database = await createTestDatabase(engine);
if (database.config.type === 'sqlite') throw new Error('a server engine');
const proxy = await startTcpProxy({ host: database.config.host, port: database.config.port });
const scheme = engine === 'mysql' ? 'mysql' : 'postgres';
const server = await startServer({ installed: true, env: { DATABASE_URL: `${scheme}://${database.config.username}@127.0.0.1:${proxy.port}/${database.config.database}`, LOG_LEVEL: 'warn' } });
try {
  for (const path of Object.values(TARGETS)) await status(`${server.url}${path}`);
  await status(`${server.url}/`); // now in the page cache
  const logLines: string[] = [];
  const onOutput = (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter((line) => line.startsWith('{')));
  server.child.stdout?.on('data', onOutput);
  server.child.stderr?.on('data', onOutput);

  await proxy.cut();
  const counts = new Map<string, number>();
  const spent = new Map<Target, number>();
  const until = Date.now() + seconds * 1000;
  const targets = Object.keys(TARGETS) as Target[];
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; Date.now() < until; i++) {
        const target = targets[i % targets.length]!;
        // Each uncached page a new address: never in the page cache.
        const path = target === 'uncachedPage' ? `${TARGETS[target]}&visit=${worker}-${i}` : TARGETS[target];
        const started = performance.now();
        const key = `${target} ${await status(`${server.url}${path}`)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        spent.set(target, (spent.get(target) ?? 0) + performance.now() - started);
      }
    }),
  );
  const restoredAt = performance.now();
  await proxy.restore();
  let backMs = NaN;
  while (performance.now() - restoredAt < 30_000) {
    const all = await Promise.all(Object.values(TARGETS).map((path) => status(`${server.url}${path}${path.includes('?') ? `&visit=back-${Date.now()}` : ''}`)));
    if (all.every((s) => s === 200)) {
      backMs = performance.now() - restoredAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // the outage's closing line, if any

  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const byStatus = (code: number) => [...counts].filter(([key]) => key.endsWith(` ${code}`)).reduce((sum, [, n]) => sum + n, 0);
  console.log(`${engine} unreachable for ${seconds} s, ${concurrency} clients: ${total} answers`);
  console.log(`  by kind: ${[...counts].sort().map(([key, n]) => `${key}×${n}`).join(', ')}`);
  const answersOf = (target: Target) => [...counts].filter(([key]) => key.startsWith(`${target} `)).reduce((sum, [, n]) => sum + n, 0);
  console.log(`  mean time: ${targets.map((target) => `${target} ${((spent.get(target) ?? 0) / Math.max(1, answersOf(target))).toFixed(1)} ms`).join(', ')}`);
  console.log(`  503: ${byStatus(503)}, 200 (cached page): ${counts.get('cachedPage 200') ?? 0}, 500: ${byStatus(500)}, no answer: ${byStatus(0)}`);
  console.log(`  all three answered 200 again ${Number.isNaN(backMs) ? 'not within 30 s' : `${Math.round(backMs)} ms after the database came back`}`);
  console.log(`  log lines at warn and above during and after the outage: ${logLines.length}`);
  for (const line of logLines.slice(0, 3)) console.log(`    ${line.slice(0, 200)}`);
} finally {
  await server.stop();
  await proxy.close();
  await database.drop();
}
