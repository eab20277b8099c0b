/**
 * HTTP over a bare TCP socket, for what fetch cannot do: send a request's bytes in pieces with
 * pauses (a stalled or slow body), keep a connection open and idle, and see exactly when the
 * server answers or closes. Used by the slow-client and shutdown tests and bench/shutdown.ts.
 */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the answer (or the close, when there was none). */
  afterMs: number;
  /** True when the server closed the connection (with or without an answer). */
  closed: boolean;
}

/** A piece of a request: bytes to write, or a pause in milliseconds. */
export type RawPart = string | Buffer | { pauseMs: number };

export function openSocket(port: number, host = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

interface ParsedHead {
  status: number;
  headers: Record<string, string>;
  bodyStart: number;
}

function parseHead(buffer: Buffer): ParsedHead | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, bodyStart: end + 4 };
}

/**
 * Reads one response from `socket`: resolves once a response with a Content-Length is complete,
 * or when the server closes (status 0 when nothing came), or after `timeoutMs` (status 0,
 * closed false). Leaves the socket open unless the server closed it.
 */
export function readResponse(socket: Socket, startedAt: number, timeoutMs: number): Promise<RawResponse> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0);
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onClose);
      const head = parseHead(buffer);
      const body = head ? buffer.subarray(head.bodyStart).toString('utf8') : '';
      resolve({ status: head?.status ?? 0, headers: head?.headers ?? {}, body, afterMs: Date.now() - startedAt, closed });
    };
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const head = parseHead(buffer);
      const length = head?.headers['content-length'];
      if (head && length !== undefined && buffer.length - head.bodyStart >= Number(length)) finish(false);
    };
    const onClose = () => finish(true);
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.once('error', onClose);
  });
}

/** Writes the parts in order (pausing where told) on a new connection and reads the answer. */
export async function rawRequest(port: number, parts: readonly RawPart[], timeoutMs = 10_000): Promise<RawResponse & { socket: Socket }> {
  const socket = await openSocket(port);
  const startedAt = Date.now();
  const answer = readResponse(socket, startedAt, timeoutMs);
  void (async () => {
    for (const part of parts) {
      if (socket.destroyed) return;
      if (typeof part === 'object' && 'pauseMs' in part) await new Promise((resolve) => setTimeout(resolve, part.pauseMs));
      else socket.write(part);
    }
  })();
  return { ...(await answer), socket };
}

/** The head of a request with a body of `length` bytes (the body itself is sent separately). */
export function requestHead(method: string, path: string, length: number, headers: Record<string, string> = {}): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${length}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}
