/**
 * Graceful shutdown (issue 19: under traffic SIGTERM took 70–72 s, the keep-alive timeout, so a
 * container's 10 s or 30 s stop timeout killed the process mid-request).
 *
 * `drain(graceMs)`:
 * 1. Stops accepting connections and closes the idle kept-alive ones at once (Node's
 *    `server.close`); the live unread streams end with a retry hint (their `preClose` hook).
 * 2. Answers every request already on a connection, each with `Connection: close`, and closes
 *    each connection as soon as its answer is out (a sweep of idle connections every 100 ms:
 *    Node closes idle ones only at the moment `close` is called).
 * 3. Once no connection is left, closes the database pool, the event bus and Redis (the app's
 *    `onClose` hooks) and resolves `drained`.
 * 4. Past 90 % of the grace (at most one second before its end) it closes the connections still
 *    open, so the pools can close in the remaining time; at the grace it resolves `forced` whatever
 *    is left, for the caller to exit. A write answered before the drain ended was committed.
 */
import type { FastifyInstance } from 'fastify';

export type DrainOutcome = 'drained' | 'forced';

const SWEEP_EVERY_MS = 100;

/** When to close the connections still open: the pools then have the rest of the grace to close. */
export function forceCloseAfterMs(graceMs: number): number {
  return graceMs - Math.min(1_000, Math.floor(graceMs / 10));
}

/**
 * Installs what a drain needs on the app (before it is ready) and returns the drain. Answers
 * given while draining say `Connection: close`, so keep-alive clients reconnect elsewhere.
 */
export function installDrain(app: FastifyInstance): (graceMs: number) => Promise<DrainOutcome> {
  let draining: Promise<DrainOutcome> | null = null;
  app.addHook('onSend', async (_request, reply) => {
    if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
  });
  return (graceMs) => (draining ??= drainApp(app, graceMs));
}

async function drainApp(app: FastifyInstance, graceMs: number): Promise<DrainOutcome> {
  const server = app.server;
  let forced = false;
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_EVERY_MS);
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
    const outcome = await Promise.race([app.close().then((): DrainOutcome => 'drained'), deadline]);
    return forced ? 'forced' : outcome;
  } finally {
    clearInterval(sweep);
    clearTimeout(forceClose);
    clearTimeout(giveUp);
  }
}
