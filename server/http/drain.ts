/**
 * Graceful shutdown. Issue 19: under traffic SIGTERM took 70–72 s, the keep-alive timeout. Issue
 * 30: under load, requests sent on kept-alive connections were reset (8–9 of 14 in flight),
 * because Node's `server.close()` destroys every kept-alive connection that is idle at that
 * instant (`closeIdleConnections`). "Idle" there means the HTTP parser is between requests, which
 * is also the state of a connection whose next request sits unread in the kernel's receive
 * buffer or is still on the wire: destroying it resets that request, and the client cannot know
 * whether its write was done.
 *
 * `drain(graceMs)`:
 * 1. From the signal on, every request that begins (its headers parsed after the signal) is
 *    refused at once: 503 with Retry-After and `Connection: close` (the API envelope, or the
 *    "temporarily unavailable" page). Every answer while draining says `Connection: close`, so
 *    each kept-alive connection is closed after its next answer, at a point where its client
 *    knows not to send on it any more.
 * 2. Stops accepting connections: new ones are refused by the system, so their request never
 *    left the client and is safe to send again, even a write. No answer leaves before the
 *    listening socket is closed (a few milliseconds: the `preClose` hooks): a client told
 *    `Connection: close` reconnects at once, and a connection the system completed but we had
 *    not accepted when the socket closed would be reset with it (measured: about one request per
 *    client when answers went out first). Before closing it, the event loop polls once more, so
 *    connections already waiting to be accepted (a busy server can leave them for hundreds of
 *    milliseconds) are taken and answered. The live unread streams end with a retry hint (their
 *    `preClose` hook).
 * 3. Requests already in progress finish and are answered.
 * 4. A kept-alive connection that sends nothing is closed by us once provably idle for
 *    `quietMsFor(graceMs)`: no request in progress, not one byte read since its last answer (not
 *    even part of a request), nothing left to write. The check is made twice with a poll of the
 *    event loop in between (a sweep's timer, then `setImmediate`), so bytes that reached this
 *    machine before the check have been read by then and show. What remains is the race no
 *    HTTP/1.1 server can remove: a client that writes in the very instant the connection closes
 *    (RFC 9112 §9.3.1 lets it retry). A client sending one request after another is never quiet
 *    that long: it gets its 503 and `Connection: close` first.
 * 5. Once no connection is left, closes jobs (running ones finish or are given back), the event
 *    bus, the database pool and Redis (the app's `onClose` hooks) and resolves `drained`.
 * 6. Past 90 % of the grace (at most one second before its end) it closes the connections still
 *    open, so the pools can close in the remaining time; at the grace it resolves `forced` whatever
 *    is left, for the caller to exit. A write answered before the drain ended was committed.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { translator } from '../../common/i18n';
import { localeOfHeaders, sendTemporarilyUnavailable } from './error-handler';

export type DrainOutcome = 'drained' | 'forced';

const SWEEP_EVERY_MS = 50;
/**
 * How long a kept-alive connection must have sent nothing, while draining, before we close it: a
 * fifth of the grace, at most 2 s. Every client that sends within it gets a clean refusal; only
 * a connection closed while idle risks the race (a client writing as our close reaches it), and
 * the longer the wait, the fewer do (bench/drain.ts with pauses up to 1 s: about one request in a
 * round was reset with 0.5 s, none with 2 s). The price is an exit that much later when a client
 * keeps a connection open and sends nothing.
 */
export function quietMsFor(graceMs: number): number {
  return Math.min(2_000, Math.floor(graceMs / 5));
}
/** Retry-After of the 503 while draining: a restarted server is usually up within seconds. */
export const DRAIN_RETRY_AFTER_S = 3;
/** The longest answers are held for the listening socket to close (should `close` never come). */
const HOLD_ANSWERS_MAX_MS = 1_000;

/** When to close the connections still open: the pools then have the rest of the grace to close. */
export function forceCloseAfterMs(graceMs: number): number {
  return graceMs - Math.min(1_000, Math.floor(graceMs / 10));
}

interface ConnectionState {
  /** Requests read whose answer has not finished (more than one only when pipelined). */
  inProgress: number;
  /** `bytesRead` when its last answer finished (0 when new): more read since is a request begun. */
  idleAtBytes: number;
  /** When it last became idle (performance.now()). */
  idleSince: number;
}

/** The server's connections and, for each, whether a request is under way on it. */
function trackConnections(server: Server): Map<Socket, ConnectionState> {
  const connections = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { inProgress: 0, idleAtBytes: 0, idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const state = connections.get(socket);
    if (!state) return;
    state.inProgress += 1;
    response.once('close', () => {
      state.inProgress -= 1;
      if (state.inProgress > 0) return;
      state.idleAtBytes = socket.bytesRead;
      state.idleSince = performance.now();
    });
  });
  return connections;
}

/** Nothing under way on `socket` and nothing read since its last answer. */
function isIdle(socket: Socket, state: ConnectionState): boolean {
  return state.inProgress === 0 && socket.bytesRead === state.idleAtBytes && socket.writableLength === 0 && !socket.writableEnded && !socket.destroyed;
}

/**
 * Closes the connections idle for `quietMs` (counted from `since` at the earliest) that are
 * still idle, with the same byte count, after the event loop polled once more (step 4 above).
 */
function closeQuietConnections(connections: Map<Socket, ConnectionState>, since: number, quietMs: number): void {
  const now = performance.now();
  const candidates: Array<[Socket, ConnectionState, number]> = [];
  for (const [socket, state] of connections) {
    if (isIdle(socket, state) && now - Math.max(state.idleSince, since) >= quietMs) candidates.push([socket, state, socket.bytesRead]);
  }
  if (candidates.length === 0) return;
  setImmediate(() => {
    for (const [socket, state, bytesRead] of candidates) if (socket.bytesRead === bytesRead && isIdle(socket, state)) socket.destroy();
  });
}

/**
 * Resolves after the event loop has polled at least once (two check phases apart): the
 * connections waiting to be accepted then have been.
 */
async function afterNextPoll(): Promise<void> {
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Installs what a drain needs on the app (before any other hook, so the refusal comes first) and
 * returns the drain.
 */
export function installDrain(app: FastifyInstance): (graceMs: number) => Promise<DrainOutcome> {
  let draining: Promise<DrainOutcome> | null = null;
  let listenerClosed: Promise<void> = Promise.resolve();
  let refused = 0;
  const connections = trackConnections(app.server);
  // The first onRequest hook runs as the request's headers are parsed: "after the signal" is exact.
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return;
    await listenerClosed;
    refused += 1;
    request.locale = localeOfHeaders(request.headers);
    request.t = translator(request.locale);
    return sendTemporarilyUnavailable(request, reply, DRAIN_RETRY_AFTER_S);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!draining || reply.raw.headersSent) return;
    reply.header('connection', 'close');
    await listenerClosed;
  });
  return (graceMs) => {
    if (draining) return draining;
    listenerClosed = listenerClosing(app.server);
    draining = drainApp(app, connections, graceMs).finally(() => {
      app.log.info({ refused }, 'shutdown: requests refused with 503 while draining');
    });
    return draining;
  };
}

/**
 * Replaces `server.closeIdleConnections`, which Node's `server.close()` calls just before closing
 * the listening socket: it no longer destroys idle connections (the race above), and it tells
 * when the listening socket closes. Resolves just after that (or after `HOLD_ANSWERS_MAX_MS`).
 */
function listenerClosing(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, HOLD_ANSWERS_MAX_MS);
    server.closeIdleConnections = () => {
      clearTimeout(fallback);
      // Node closes the listening socket synchronously after this call returns.
      process.nextTick(resolve);
    };
  });
}

async function drainApp(app: FastifyInstance, connections: Map<Socket, ConnectionState>, graceMs: number): Promise<DrainOutcome> {
  const server = app.server;
  const signalAt = performance.now();
  const quietMs = quietMsFor(graceMs);
  const sweep = setInterval(() => closeQuietConnections(connections, signalAt, quietMs), SWEEP_EVERY_MS);
  let forced = false;
  const forceClose = setTimeout(() => {
    forced = true;
    app.log.warn({ graceMs }, 'shutdown: requests still running near the end of the grace, closing their connections');
    server.closeAllConnections();
  }, forceCloseAfterMs(graceMs));
  let giveUp: NodeJS.Timeout | undefined;
  const deadline = new Promise<DrainOutcome>((resolve) => {
    giveUp = setTimeout(() => resolve('forced'), graceMs);
  });
  try {
    await afterNextPoll();
    const outcome = await Promise.race([app.close().then((): DrainOutcome => 'drained'), deadline]);
    return forced ? 'forced' : outcome;
  } finally {
    clearInterval(sweep);
    clearTimeout(forceClose);
    clearTimeout(giveUp);
  }
}
