/**
 * Clients that keep sending on kept-alive connections, and what became of each request: for the
 * drain's test (server/http/drain.test.ts) and bench/drain.ts. Each client holds one connection
 * (a Node http.Agent with `maxSockets: 1`) and sends one request after another with a short
 * random pause, so its connection is often idle for a moment: mostly reads (the topic list, the
 * site config), one in `writeEvery` a new topic.
 *
 * Each request ends as one of:
 * - answered: 2xx/4xx (a 5xx other than 503 is `error5xx`);
 * - refused: 503 with `Connection: close` and `Retry-After` (without them: `badRefusal`);
 * - notReached: the connection was refused (ECONNREFUSED: the server no longer listens; the
 *   request never left the client, so it is safe to send again, even a write);
 * - reset: written on a connected socket, and the connection closed or reset without an answer
 *   (the client cannot know whether a write was done).
 */
import http from 'node:http';

export type Outcome = 'answered' | 'refused' | 'badRefusal' | 'error5xx' | 'notReached' | 'reset';

export interface Sent {
  write: boolean;
  /** performance.now() when it was sent and when its outcome was known. */
  startedAt: number;
  endedAt: number;
  outcome: Outcome;
  status: number;
  /** The topic id of a write answered 200. */
  topicId?: number;
  error?: string;
}

export interface LoadOptions {
  url: string;
  /** An `x-user-token` allowed to post topics. */
  token: string;
  clients: number;
  /** One request in this many is a write. */
  writeEvery: number;
  /** Longest pause between a client's requests (its connection sits idle meanwhile). */
  maxPauseMs?: number;
}

export interface Load {
  /** Every request's outcome so far, in the order they ended. */
  log: Sent[];
  /** Stops sending, waits for the requests under way, closes the connections. */
  stop(): Promise<void>;
}

/** After a refused connection a client waits this long before trying again (no busy loop). */
const REFUSED_PAUSE_MS = 20;
const READS = ['/api/topic/topics', '/api/config/configs'];

let titles = 0;

/** The outcome of an answer. */
function outcomeOf(res: http.IncomingMessage): Outcome {
  const status = res.statusCode ?? 0;
  if (status === 503) return res.headers.connection === 'close' && res.headers['retry-after'] ? 'refused' : 'badRefusal';
  return status >= 500 ? 'error5xx' : 'answered';
}

/** One request on `agent`, classified. */
function send(options: LoadOptions, agent: http.Agent, write: boolean, n: number): Promise<Sent> {
  const startedAt = performance.now();
  const body = write ? JSON.stringify({ title: `Keep-alive load ${(titles += 1)}`, content: `<p>Written under keep-alive load, ${titles}.</p>` }) : undefined;
  const path = write ? '/api/topic/create' : READS[n % READS.length]!;
  return new Promise((resolve) => {
    let connected = false;
    let ended = false;
    const done = (outcome: Outcome, status: number, extra: Partial<Sent> = {}) => {
      if (ended) return;
      ended = true;
      resolve({ write, startedAt, endedAt: performance.now(), outcome, status, ...extra });
    };
    const headers: Record<string, string | number> = { 'x-user-token': options.token };
    if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = http.request(`${options.url}${path}`, { method: write ? 'POST' : 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => done('reset', 0, { error: String(error) }));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const outcome = outcomeOf(res);
        if (!write || status !== 200) return done(outcome, status);
        const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: { id?: number } }).data?.id;
        done(outcome, status, id === undefined ? {} : { topicId: id });
      });
    });
    req.on('socket', (socket) => {
      if (req.reusedSocket || !socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && error.code === 'ECONNREFUSED') return done('notReached', 0, { error: error.code });
      done('reset', 0, { error: `${error.code ?? ''} ${error.message}`.trim() });
    });
    req.end(body);
  });
}

/** Starts `options.clients` clients sending until `stop()`. */
export function keepAliveLoad(options: LoadOptions): Load {
  const log: Sent[] = [];
  let stopped = false;
  const maxPauseMs = options.maxPauseMs ?? 4;
  const clients = Array.from({ length: options.clients }, async (_, index) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = index; !stopped; n += 1) {
      const sent = await send(options, agent, n % options.writeEvery === 0, n);
      log.push(sent);
      const pause = sent.outcome === 'notReached' ? REFUSED_PAUSE_MS : Math.random() * maxPauseMs;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    agent.destroy();
  });
  return {
    log,
    stop: async () => {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

/** How many in `log` ended as `outcome` (only writes or only reads when `write` is given). */
export function countOutcomes(log: readonly Sent[], outcome: Outcome, write?: boolean): number {
  return log.filter((s) => s.outcome === outcome && (write === undefined || s.write === write)).length;
}
