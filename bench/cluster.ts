/**
 * Two processes under load and under faults (issue 33 item 7), on the cluster of the two-process
 * proof (tests/support/cluster.ts: two compiled processes, one MariaDB or PostgreSQL, one Redis,
 * a local S3 bucket, HAProxy in front).
 *
 *   npx tsx bench/cluster.ts --engine mysql|postgres [--soak-minutes 10] [--faults]
 *                            [--peak-seconds 15] [--concurrency 16]
 *
 * Needs `npm run build` and HAProxy. The load is a mix through the balancer: 70 % anonymous topic
 * pages (200 topics), 10 % the home page, 10 % the topic list's JSON, 10 % comments written by 20
 * members.
 *
 * --soak-minutes N: first the peak (a closed loop of --concurrency clients for --peak-seconds),
 *   then N minutes at half that rate (an open loop: requests start on a fixed schedule, whether
 *   or not earlier ones have answered). Prints per minute: requests, errors, p50 and p99; and
 *   per process: RSS at start and end, peak, and the slope of RSS over the run after its first
 *   minute (least squares, MB a minute).
 * --faults: 8 writers post comments through the balancer without pause while, 15 s apart, process
 *   A is killed (SIGKILL) and started again 3 s later, the database server is restarted, and Redis
 *   is restarted. Prints per fault: failed writes, acknowledged writes, seconds until writes
 *   succeed again; at the end, every acknowledged comment is looked up in the database: lost = the
 *   ones missing. Restarts the local MariaDB, PostgreSQL or Redis: run it on a machine where
 *   nothing else uses them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createDatabase } from '../server/db/database';
import { restartA, startCluster, stopCluster, type Cluster } from '../tests/support/cluster';
import { failures, noteFailure, soak, timed } from './soak-run';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'mysql' },
    'soak-minutes': { type: 'string', default: '0' },
    faults: { type: 'boolean', default: false },
    'peak-seconds': { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '16' },
  },
});
const engine = values.engine === 'postgres' ? 'postgres' : 'mysql';

/** One request of the mix, through the balancer; resolves with whether it succeeded. */
function mixedRequest(c: Cluster, counter: { n: number }): () => Promise<boolean> {
  const base = c.balancer.url;
  return async () => {
    counter.n += 1;
    const pick = counter.n % 10;
    const topic = c.topicIds[Math.floor(Math.random() * c.topicIds.length)]!;
    let res: Response;
    if (pick === 0) res = await fetch(`${base}/`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    else if (pick === 1) res = await fetch(`${base}/api/topic/topics`);
    else if (pick === 2) {
      const member = c.members[counter.n % c.members.length]!;
      res = await fetch(`${base}/api/comment/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user-token': member.token },
        body: JSON.stringify({ entityType: 'topic', entityId: topic, content: `Soak comment ${counter.n} at ${Date.now()}` }),
      });
    } else res = await fetch(`${base}/topic/${topic}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) noteFailure(`${res.url.replace(base, '')} ${res.status} by ${res.headers.get('x-served-by') ?? '?'}: ${Buffer.from(body).toString('utf8', 0, 200)}`);
    return res.status === 200;
  };
}

/** Closed loop: `concurrency` clients one request after another; answers requests a second. */
async function measurePeak(c: Cluster, seconds: number, concurrency: number): Promise<number> {
  const counter = { n: 0 };
  const request = mixedRequest(c, counter);
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const sample = await timed(request);
        done += 1;
        if (!sample.ok) failed += 1;
      }
    }),
  );
  console.log(`peak: ${done} requests in ${seconds} s with ${concurrency} clients = ${(done / seconds).toFixed(0)}/s (${failed} failed)`);
  for (const failure of failures.splice(0)) console.log(`  failed: ${failure}`);
  return done / seconds;
}

interface Write {
  at: number;
  ok: boolean;
  id: number | null;
  /** A failure's status and message, or the error. */
  why?: string;
}

/** 8 writers posting comments through the balancer until `stop()`. */
function startWriters(c: Cluster): { writes: Write[]; stop(): Promise<void> } {
  const writes: Write[] = [];
  let running = true;
  let n = 0;
  const writer = async (w: number) => {
    while (running) {
      n += 1;
      const member = c.members[(w * 7 + n) % c.members.length]!;
      const topic = c.topicIds[n % c.topicIds.length];
      const at = Date.now();
      try {
        const res = await fetch(`${c.balancer.url}/api/comment/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-user-token': member.token },
          body: JSON.stringify({ entityType: 'topic', entityId: topic, content: `Fault run write ${n} by writer ${w}` }),
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await res.json().catch(() => null)) as { success?: boolean; data?: { id?: number } } | null;
        const ok = res.status === 200 && body?.success === true && typeof body.data?.id === 'number';
        writes.push(ok ? { at, ok, id: body!.data!.id! } : { at, ok, id: null, why: `${res.status} ${(body as { message?: string } | null)?.message ?? ''}` });
      } catch (error) {
        writes.push({ at, ok: false, id: null, why: error instanceof Error ? error.message : String(error) });
      }
      if (!running) break;
    }
  };
  const loops = Array.from({ length: 8 }, (_, w) => writer(w));
  return {
    writes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

const up = {
  mysql: () => spawnSync('mariadb-admin', ['-h127.0.0.1', '-uroot', 'ping'], { stdio: 'ignore' }).status === 0,
  postgres: () => spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], { stdio: 'ignore' }).status === 0,
  redis: () => spawnSync('redis-cli', ['-h', '127.0.0.1', 'ping'], { stdio: 'ignore' }).status === 0,
};

async function restartDatabase(): Promise<void> {
  if (engine === 'mysql') {
    run('mariadb-admin', ['-h127.0.0.1', '-uroot', 'shutdown']);
    // The server stops answering before its process has exited; start-stop-daemon would take the
    // exiting process for a running server and start nothing.
    await waitFor(() => spawnSync('pgrep', ['-x', 'mariadbd'], { stdio: 'ignore' }).status !== 0, 60_000);
    run('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd']);
    await waitFor(up.mysql, 60_000);
  } else {
    const version = execFileSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).trim().split('\n')[0] ?? '15';
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', 'fast']);
    await waitFor(up.postgres, 60_000);
  }
}

async function restartRedis(): Promise<void> {
  spawnSync('redis-cli', ['-h', '127.0.0.1', 'shutdown', 'nosave'], { stdio: 'ignore' });
  await waitFor(() => !up.redis(), 10_000);
  run('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no']);
  await waitFor(up.redis, 10_000);
}

/** Seconds from the fault until the writes succeed again (the last failure after it, or 0). */
function recoverySeconds(writes: Write[], from: number, to: number): number {
  const failures = writes.filter((w) => w.at >= from && w.at < to && !w.ok);
  if (failures.length === 0) return 0;
  return (Math.max(...failures.map((w) => w.at)) - from) / 1000;
}

async function faults(c: Cluster): Promise<void> {
  const writers = startWriters(c);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 15_000));
  const calm = Date.now();
  await pause();
  const windows: Array<{ name: string; from: number; to: number }> = [{ name: 'no fault (the first 15 s)', from: calm, to: Date.now() }];
  const steps: Array<[string, () => Promise<void>]> = [
    [
      'SIGKILL of process A (started again 3 s later)',
      async () => {
        c.a.child.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        await restartA(c);
      },
    ],
    [engine === 'mysql' ? 'restart of MariaDB' : 'restart of PostgreSQL', restartDatabase],
    ['restart of Redis', restartRedis],
  ];
  for (const [name, fault] of steps) {
    const from = Date.now();
    await fault();
    await pause();
    windows.push({ name, from, to: Date.now() });
  }
  await writers.stop();

  const acknowledged = writers.writes.filter((w) => w.ok && w.id !== null).map((w) => w.id!);
  const db = createDatabase(c.t.database.config, { poolSize: 1 });
  const found = new Set<number>();
  try {
    for (let i = 0; i < acknowledged.length; i += 500) {
      const rows = await db.selectFrom('comments').select('id').where('id', 'in', acknowledged.slice(i, i + 500)).execute();
      for (const row of rows) found.add(Number(row.id));
    }
  } finally {
    await db.destroy();
  }
  console.log('fault | writes acknowledged | writes failed | lost | seconds until writes succeed again');
  for (const w of windows) {
    const inside = writers.writes.filter((x) => x.at >= w.from && x.at < w.to);
    const acked = inside.filter((x) => x.ok);
    const lost = acked.filter((x) => !found.has(x.id!)).length;
    console.log(`${w.name} | ${acked.length} | ${inside.length - acked.length} | ${lost} | ${recoverySeconds(writers.writes, w.from, w.to).toFixed(1)}`);
    const reasons = new Map<string, number>();
    for (const x of inside) if (!x.ok) reasons.set(x.why ?? '?', (reasons.get(x.why ?? '?') ?? 0) + 1);
    for (const [why, n] of reasons) console.log(`    ${n} × ${why.slice(0, 160)}`);
  }
  console.log(`whole run: ${acknowledged.length} acknowledged, ${acknowledged.filter((id) => !found.has(id)).length} lost, ${writers.writes.filter((w) => !w.ok).length} failed`);
}

const cluster = await startCluster(engine, { members: 20, topics: 198, rateLimits: false });
try {
  console.log(`cluster on ${engine} + Redis: A ${cluster.a.url}, B ${cluster.b.url}, HAProxy ${cluster.balancer.url}`);
  const minutes = Number(values['soak-minutes']);
  if (minutes > 0) {
    const peak = await measurePeak(cluster, Number(values['peak-seconds']), Number(values.concurrency));
    // Half the peak, on the schedule of an open loop.
    await soak(mixedRequest(cluster, { n: 0 }), { a: cluster.a.child.pid!, b: cluster.b.child.pid! }, minutes, peak / 2);
  }
  if (values.faults) await faults(cluster);
} finally {
  await stopCluster(cluster);
}
