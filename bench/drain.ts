/**
 * The drain under load (issue 30, finding 4): SIGTERM while keep-alive clients keep sending, and
 * what each request that was sent became. `--clients` clients each hold one keep-alive connection
 * and send one request after another with a short random pause (so connections are often idle
 * for a moment, where the old drain closed them): mostly reads, one in `--writes` a new topic
 * (tests/support/keep-alive-load.ts). After `--load` seconds of answers the server gets SIGTERM;
 * the clients keep sending until it has exited. Prints, per round, the exit time and code, and
 * what the requests ended after the signal became: answered (2xx/4xx), refused (503 with
 * `Connection: close` and Retry-After), not reached (connection refused: never left the client),
 * reset (the goal is 0: the client cannot know whether a write was done). Every write answered
 * 200 is looked up in the database after the exit (0 lost is the goal), and the jobs are counted
 * by status (none may be left `running`).
 *
 *   npx tsx bench/drain.ts [--rounds 3] [--clients 24] [--load 3] [--writes 4] [--grace 10000] [--pause 4] [--log-level warn]
 *
 * Uses the existing build (`npm run build` first) and a fresh installed server on SQLite per round.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { E2E_ADMIN, startServer, type E2eServer } from '../tests/support/e2e-server';
import { countOutcomes as count, keepAliveLoad } from '../tests/support/keep-alive-load';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    clients: { type: 'string', default: '24' },
    load: { type: 'string', default: '3' },
    writes: { type: 'string', default: '4' },
    grace: { type: 'string', default: '10000' },
    pause: { type: 'string', default: '4' },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const ROUNDS = Number(values.rounds);
const CLIENTS = Number(values.clients);
const LOAD_MS = Number(values.load) * 1000;
/** One request in this many is a write. */
const WRITE_EVERY = Number(values.writes);
const GRACE_MS = Number(values.grace);
/** Longest pause between a client's requests, in ms. */
const MAX_PAUSE_MS = Number(values.pause);

async function signIn(server: E2eServer): Promise<string> {
  const res = await fetch(`${server.url}/api/login/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }) });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in failed: ${res.status}`);
  return body.data.token;
}

/**
 * After the exit: the ids among `ids` (writes answered 200) not in the forum's database, and the
 * jobs by status (none may be left `running`: claimed by the stopped process, neither finished
 * nor given back).
 */
function afterExit(server: E2eServer, ids: number[]): { lost: number[]; jobs: Array<{ status: string; n: number }> } {
  const db = new Database(path.join(server.dataDir, 'sabai.db'), { readonly: true });
  try {
    const found = new Set((db.prepare('SELECT id FROM topics').all() as Array<{ id: number }>).map((row) => row.id));
    const jobs = db.prepare('SELECT status, COUNT(*) AS n FROM jobs GROUP BY status ORDER BY status').all() as Array<{ status: string; n: number }>;
    return { lost: ids.filter((id) => !found.has(id)), jobs };
  } finally {
    db.close();
  }
}

async function round(n: number): Promise<void> {
  const server = await startServer({ installed: true, env: { LOG_LEVEL: values['log-level'], SHUTDOWN_GRACE_MS: String(GRACE_MS) } });
  try {
    const token = await signIn(server);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => server.child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
    const load = keepAliveLoad({ url: server.url, token, clients: CLIENTS, writeEvery: WRITE_EVERY, maxPauseMs: MAX_PAUSE_MS });
    const log = load.log;
    // The load period starts once the server answers at the pace of the clients (after its cold start).
    while (log.length < CLIENTS * 4) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, LOAD_MS));

    const signalAt = performance.now();
    server.child.kill('SIGTERM');
    const giveUp = setTimeout(() => server.child.kill('SIGKILL'), GRACE_MS + 10_000);
    const exit = await exited;
    clearTimeout(giveUp);
    await load.stop();

    const after = log.filter((s) => s.endedAt >= signalAt);
    const inFlight = after.filter((s) => s.startedAt < signalAt);
    const sentAfter = after.filter((s) => s.startedAt >= signalAt);
    const reached = after.filter((s) => s.outcome !== 'notReached');
    const acknowledged = log.flatMap((s) => (s.topicId === undefined ? [] : [s.topicId]));
    const { lost, jobs } = afterExit(server, acknowledged);
    const statuses = new Map<number, number>();
    for (const s of reached) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);

    console.log(`round ${n}: exit after ${((exit.at - signalAt) / 1000).toFixed(2)} s (grace ${GRACE_MS / 1000} s), code ${exit.code}${exit.signal ? `, signal ${exit.signal}` : ''}`);
    console.log(`  before the signal: ${log.length - after.length} requests, ${count(log.filter((s) => s.endedAt < signalAt), 'reset')} reset`);
    console.log(`  in flight at the signal: ${inFlight.length}; sent after it: ${sentAfter.length}; reached the server: ${reached.length} (not reached: ${count(after, 'notReached')}, connection refused)`);
    console.log(
      `  of those reached: answered ${count(reached, 'answered')} (writes ${count(reached, 'answered', true)}), refused 503 ${count(reached, 'refused')}, 503 without Connection: close/Retry-After ${count(reached, 'badRefusal')}, other 5xx ${count(reached, 'error5xx')}, reset ${count(reached, 'reset')} (writes ${count(reached, 'reset', true)})`,
    );
    console.log(`  in flight at the signal: answered ${count(inFlight, 'answered')}, refused ${count(inFlight, 'refused')}, reset ${count(inFlight, 'reset')} (writes ${count(inFlight, 'reset', true)})`);
    console.log(`  statuses after the signal: ${[...statuses].sort(([a], [b]) => a - b).map(([status, k]) => `${status || 'none'}×${k}`).join(', ')}`);
    const errors = new Map<string, number>();
    for (const s of reached) if (s.outcome === 'reset') errors.set(s.error ?? '?', (errors.get(s.error ?? '?') ?? 0) + 1);
    if (errors.size > 0) console.log(`  resets: ${[...errors].map(([e, k]) => `${e} ×${k}`).join('; ')}`);
    console.log(`  writes answered 200 in the round: ${acknowledged.length}, missing from the database: ${lost.length}`);
    console.log(`  jobs after the exit: ${jobs.map((j) => `${j.status} ${j.n}`).join(', ') || 'none'}`);
    const shutdownLines = server.output().split('\n').filter((line) => line.includes('shut'));
    if (exit.code !== 0 || values['log-level'] !== 'warn') console.log(shutdownLines.join('\n') || server.output().split('\n').slice(-10).join('\n'));
  } finally {
    await server.stop();
  }
}

console.log(`SIGTERM under load: ${CLIENTS} keep-alive clients (pauses up to ${MAX_PAUSE_MS} ms), 1 write in ${WRITE_EVERY}, SIGTERM after ${LOAD_MS / 1000} s`);
for (let n = 1; n <= ROUNDS; n += 1) await round(n);
