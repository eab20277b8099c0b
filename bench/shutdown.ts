/**
 * Shutdown under load (issue 19): how long the server takes to exit after SIGTERM while it is
 * busy, and what its clients saw. autocannon keeps `--connections` keep-alive connections busy
 * on a JSON list and the home page; a few more keep-alive connections sit idle; one member holds
 * the live unread stream open; one request is in flight with its body still arriving. After
 * `--load` seconds the server gets SIGTERM. Prints the exit time and code, the answers given after
 * the signal by status, whether the slow request was answered and whether the stream ended (and
 * with which retry hint). Figures are printed, not asserted.
 *
 *   npx tsx bench/shutdown.ts [--connections 50] [--load 4] [--idle 20] [--late 1500]
 *
 * `--late`: how long after the signal the slow request's body finishes (0: no slow request).
 *
 * Uses the existing build (`npm run build` first) and a fresh installed server on SQLite.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { E2E_ADMIN, startServer, type E2eServer } from '../tests/support/e2e-server';
import { rawRequest, requestHead } from '../tests/support/raw-http';
import { autocannon, type CannonTracker } from './lib';

const { values } = parseArgs({
  options: { connections: { type: 'string', default: '50' }, load: { type: 'string', default: '4' }, idle: { type: 'string', default: '20' }, late: { type: 'string', default: '1500' } },
});
const lateMs = Number(values.late);
const connections = Number(values.connections);
const loadSeconds = Number(values.load);
const idleConnections = Number(values.idle);
/** The longest we wait for the exit before killing the server and reporting "did not exit". */
const GIVE_UP_MS = 100_000;

async function signIn(server: E2eServer): Promise<string> {
  const res = await fetch(`${server.url}/api/login/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }) });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in failed: ${res.status}`);
  return body.data.token;
}

/** Opens the live unread stream; resolves with what it received once the server ends it. */
function openEventStream(server: E2eServer, token: string): Promise<{ ended: boolean; text: string }> {
  return new Promise((resolve) => {
    let text = '';
    const req = http.get(`${server.url}/api/user/events`, { headers: { 'x-user-token': token } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ ended: true, text }));
      res.on('error', () => resolve({ ended: false, text }));
    });
    req.on('error', () => resolve({ ended: false, text }));
  });
}

/** Keep-alive connections that made one request each and now sit idle. */
async function idleKeepAlive(server: E2eServer, count: number): Promise<http.Agent> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  await Promise.all(
    Array.from({ length: count }, () => new Promise<void>((resolve) => {
      http.get(`${server.url}/api/config/configs`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      }).on('error', () => resolve());
    })),
  );
  return agent;
}

function exitOf(server: E2eServer): Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }> {
  return new Promise((resolve) => server.child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
}

const server = await startServer({ installed: true, env: { LOG_LEVEL: 'warn' } });
try {
  const token = await signIn(server);
  const exited = exitOf(server);
  const stream = openEventStream(server, token);
  const idle = await idleKeepAlive(server, idleConnections);

  const afterSignal = new Map<number, number>();
  let signalled = false;
  let errorsAfterSignal = 0;
  const load: CannonTracker = autocannon({
    url: server.url,
    connections,
    duration: GIVE_UP_MS / 1000,
    requests: [{ method: 'GET', path: '/api/topic/topics' }, { method: 'GET', path: '/' }],
  });
  load.on('response', (_client, status) => {
    if (signalled) afterSignal.set(status, (afterSignal.get(status) ?? 0) + 1);
  });
  load.on('reqError', () => {
    if (signalled) errorsAfterSignal += 1;
  });
  await new Promise((resolve) => setTimeout(resolve, loadSeconds * 1000));

  // In flight across the signal: part of a sign-in body now, the rest `lateMs` after SIGTERM.
  const body = JSON.stringify({ username: E2E_ADMIN.username, password: 'wrong-password' });
  const slow = lateMs > 0 ? rawRequest(server.port, [requestHead('POST', '/api/login/signin', body.length, { 'content-type': 'application/json' }), body.slice(0, 10), { pauseMs: 500 + lateMs }, body.slice(10)], GIVE_UP_MS) : null;
  await new Promise((resolve) => setTimeout(resolve, 500));

  const signalAt = performance.now();
  signalled = true;
  server.child.kill('SIGTERM');
  const giveUp = setTimeout(() => server.child.kill('SIGKILL'), GIVE_UP_MS);
  const exit = await exited;
  clearTimeout(giveUp);
  load.stop();
  idle.destroy();
  const slowAnswer = await slow;
  slowAnswer?.socket.destroy();
  const streamResult = await Promise.race([stream, new Promise<{ ended: boolean; text: string }>((resolve) => setTimeout(() => resolve({ ended: false, text: '' }), 1_000))]);
  const retry = /retry: (\d+)\n\n$/.exec(streamResult.text)?.[1];

  console.log(`SIGTERM under load (${connections} busy + ${idleConnections} idle keep-alive connections, 1 event stream, ${slow ? '1 slow request' : 'no slow request'}):`);
  console.log(`  exit after ${((exit.at - signalAt) / 1000).toFixed(2)} s, code ${exit.code}${exit.signal ? `, signal ${exit.signal}` : ''}`);
  console.log(`  answers after the signal: ${[...afterSignal].map(([status, n]) => `${status}×${n}`).join(', ') || 'none'}; connection errors ${errorsAfterSignal}`);
  if (slowAnswer) console.log(`  slow request (body finished ${lateMs} ms after the signal): ${slowAnswer.status || 'no answer'}${slowAnswer.headers.connection ? `, Connection: ${slowAnswer.headers.connection}` : ''}`);
  console.log(`  event stream: ${streamResult.ended ? `ended${retry ? `, last retry hint ${retry} ms` : ''}` : 'not ended'}`);
} finally {
  await server.stop();
}
