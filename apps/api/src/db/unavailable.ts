import { CommitOutcomeUnknown } from './write';

/**
 * SQLSTATEs of a server that is going away or not there yet: admin shutdown or crash of the
 * backend (57P01, 57P02), "the database system is starting up / shutting down" (57P03), and the
 * connection exceptions (class 08).
 */
const UNAVAILABLE_STATES = /^(?:57P0[1-3]|08...)$/;
/** Socket errors of a connection that could not be opened or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
/** What node-postgres says when the socket closed under a query or a client is already dead. */
const PG_CLIENT_MESSAGE =
  /^(?:Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/**
 * The database could not be reached or went away under the request (a PostgreSQL restart or
 * failover): the request failed through no fault of its own and may be tried again shortly, so
 * the error handler answers 503 with Retry-After rather than 500. The pools open fresh
 * connections by themselves once the server is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof CommitOutcomeUnknown) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && PG_CLIENT_MESSAGE.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
