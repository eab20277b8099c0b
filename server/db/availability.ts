/**
 * Which errors mean "the database cannot be reached right now" (issue 19: an outage answered
 * 500), for each driver, as precisely as its errors allow. Those are answered 503 with
 * Retry-After (http/error-handler.ts) and logged once per outage (db/outage.ts); any other
 * database error is still a fault of ours (500). The error may arrive wrapped: as an AppError's
 * `cause`, or as one of an AggregateError's `errors` (a host name with several addresses).
 */

/** Socket errors from Node, raised by mysql2 and pg alike while connecting or mid-query. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** mysql2's own codes for a lost or refused connection, and the server's "cannot take you now". */
const MYSQL_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST', // the server closed the connection (restart, network)
  'PROTOCOL_SEQUENCE_TIMEOUT', // no answer within connectTimeout
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR', // 1040: too many connections
  'ER_TOO_MANY_USER_CONNECTIONS', // 1203
  'ER_SERVER_SHUTDOWN', // 1053: shutting down
  'ER_CONNECTION_KILLED', // 1927 (MariaDB): the connection was killed
  'ER_NET_READ_ERROR', // 1158
  'ER_NET_READ_INTERRUPTED', // 1159
  'ER_NET_ERROR_ON_WRITE', // 1160
  'ER_NET_WRITE_INTERRUPTED', // 1161
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (the server is shutting
 * down, crashed, or not yet accepting connections), 53300 (too many connections).
 */
function isPostgresUnavailable(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** better-sqlite3: the file cannot be opened, read or written (a vanished volume, a full disk). */
function isSqliteUnavailable(code: string): boolean {
  return code === 'SQLITE_CANTOPEN' || code === 'SQLITE_FULL' || code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_');
}

/** pg and pg-pool raise these without a code when a connection dies or cannot be made in time. */
const PG_MESSAGES = [
  /^Connection terminated( unexpectedly| due to connection timeout)?$/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

/** mysql2, on a query sent to a connection that a fatal error already closed. */
const MYSQL_CLOSED = /^Can't add new command when connection is in closed state$/;

interface DriverError {
  code?: unknown;
  message?: unknown;
  fatal?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function matchesItself(error: DriverError): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || MYSQL_CODES.has(code) || isPostgresUnavailable(code) || isSqliteUnavailable(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  if (!code && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return error.fatal === true && MYSQL_CLOSED.test(message);
}

/** True when `error` (or what it wraps) says the database is unreachable for now. */
export function isDbUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e = error as DriverError;
  if (matchesItself(e)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDbUnavailable(inner, depth + 1))) return true;
  return isDbUnavailable(e.cause, depth + 1);
}

/** The code (or message) to log for an outage's first error. */
export function describeDbError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const e = error as DriverError;
  if (typeof e.code === 'string' && e.code) return e.code;
  if (Array.isArray(e.errors) && e.errors.length > 0) return describeDbError(e.errors[0]);
  if (typeof e.message === 'string' && e.message) return e.message;
  return e.cause === undefined ? 'unknown' : describeDbError(e.cause);
}
