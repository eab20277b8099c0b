/**
 * Clients that hold connections without finishing their requests (issue 19: `Content-Length:
 * 100` and one byte stayed open for good; 3,000 of them held 3,000 descriptors).
 *
 * - Node's own deadlines, which Fastify leaves off (`requestTimeout: 0`): the headers within
 *   `headersTimeoutMs`, the whole request (headers and body) within `requestTimeoutMs`.
 * - A body that stops arriving: no byte for `bodyIdleTimeoutMs` (Node has no such deadline;
 *   `server.timeout` stops applying after a connection's first request).
 * - At most `maxPerIp` open connections per client address: more are closed at once, before
 *   they cost anything but the accept.
 *
 * A request that misses a deadline gets 408 and the connection is closed: in the API envelope
 * for `/api` (and when the path is not known yet), as text for pages, in the language its headers
 * ask for. Fastify's handler of that request then sees its body aborted and ends quietly.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import { ErrorCode, type ApiFailure } from '../../common/errors';
import { translator } from '../../common/i18n';
import type { ConnectionLimits } from '../config';
import { localeOfHeaders } from './error-handler';
import { redactUrl } from './logging';

type ClientErrorHandler = NonNullable<FastifyServerOptions['clientErrorHandler']>;

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A whole HTTP/1.1 answer that closes the connection. */
function rawAnswer(status: number, contentType: string, body: string): string {
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, 'Connection: close', `Content-Type: ${contentType}`, `Content-Length: ${Buffer.byteLength(body)}`, 'X-Content-Type-Options: nosniff'];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** The 408 for `request` (undefined: its headers never finished, so its path is unknown). */
export function timeoutAnswer(request: IncomingMessage | undefined): string {
  const locale = localeOfHeaders(request?.headers ?? {});
  const message = translator(locale)('errors.requestTimeout') as string;
  if (request && !isApiUrl(request.url ?? '')) return rawAnswer(408, 'text/plain; charset=utf-8', `${message}\n`);
  const body: ApiFailure = { success: false, errorCode: ErrorCode.Other, message };
  return rawAnswer(408, 'application/json; charset=utf-8', JSON.stringify(body));
}

/**
 * Sends `answer` and closes the connection; only closes it when an answer has begun already (the
 * app answered without waiting for the body): a second answer would corrupt the first.
 */
function closeWith(socket: Socket, answer: string, response?: ServerResponse): void {
  if (socket.destroyed) return;
  if (response?.headersSent || !socket.writable || socket.writableEnded) {
    socket.destroy();
    return;
  }
  socket.end(answer, () => socket.destroy());
}

/** Fastify's answer to the parser's other complaints (malformed request, headers too large). */
function expectsBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/**
 * Calls `onStall` when no byte of `request`'s body arrived for `idleMs`. Bytes we received but
 * have not read yet (a handler that reads its body late) are our delay, not the client's.
 */
function watchBody(request: IncomingMessage, idleMs: number, onStall: () => void): void {
  const socket = request.socket;
  let seen = socket.bytesRead;
  const check = () => {
    if (request.complete || socket.destroyed) return;
    const read = socket.bytesRead;
    if (read !== seen || request.readableLength > 0) {
      seen = read;
      timer = setTimeout(check, idleMs).unref();
      return;
    }
    onStall();
  };
  let timer = setTimeout(check, idleMs).unref();
  const stop = () => clearTimeout(timer);
  request.once('end', stop);
  request.once('close', stop);
}

/** Closes connections past `maxPerIp` from one address at once; one warning per address and episode. */
function capConnectionsPerIp(server: Server, maxPerIp: number, exempt: (address: string) => boolean, log: FastifyBaseLogger): void {
  const open = new Map<string, number>();
  const warned = new Set<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerIp) {
      if (!warned.has(address)) {
        warned.add(address);
        log.warn({ address, maxPerIp }, 'connection cap reached: closing further connections from this address');
      }
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) return void open.set(address, left);
      open.delete(address);
      warned.delete(address);
    });
  });
}

export interface SlowClientGuard {
  /** For `Fastify({...})`: Node's deadlines and the answer to a missed one. */
  serverOptions: { requestTimeout: number; http: ServerOptions; clientErrorHandler: ClientErrorHandler };
  /** Watches bodies and counts connections on the app's server (after `Fastify()` made it). */
  attach(server: Server, log: FastifyBaseLogger): void;
}

/**
 * `exemptFromCap`: the trusted proxies' own addresses (TRUST_PROXY). Every connection through a
 * proxy comes from its address, so a per-address cap there would cap the whole site (the proxy
 * limits its clients); clients that reach the app directly stay capped. `onProtocolError`: the
 * answer to every other error Node's parser reports (http/error-handler.ts).
 */
export function slowClientGuard(limits: ConnectionLimits, options: { exemptFromCap: (address: string) => boolean; onProtocolError: ClientErrorHandler }): SlowClientGuard {
  /** The exchange each connection is on, for the 408's path and language. */
  const current = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  // Node checks the deadlines on a timer: often enough that one is missed by at most a quarter.
  const checkEvery = Math.max(50, Math.min(5_000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));

  const clientErrorHandler: ClientErrorHandler = function (this: FastifyInstance, error, socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Other parser errors (431, a bad Content-Length…) are answered by the error handling's envelope.
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return options.onProtocolError.call(this, error, socket);
    // A request whose body is complete is the previous one on this connection: the next one's headers are late.
    const exchange = current.get(socket);
    const late = exchange && !exchange.request.complete ? exchange : undefined;
    closeWith(socket, timeoutAnswer(late?.request), late?.response);
  };

  return {
    serverOptions: {
      requestTimeout: limits.requestTimeoutMs,
      http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: checkEvery },
      clientErrorHandler,
    },
    attach(server, log) {
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        current.set(request.socket, { request, response });
        if (!expectsBody(request)) return;
        watchBody(request, limits.bodyIdleTimeoutMs, () => {
          log.info({ url: redactUrl(request.url ?? ''), address: request.socket.remoteAddress }, 'request body stalled: connection closed');
          closeWith(request.socket, timeoutAnswer(request), response);
        });
      });
      capConnectionsPerIp(server, limits.maxPerIp, options.exemptFromCap, log);
    },
  };
}
