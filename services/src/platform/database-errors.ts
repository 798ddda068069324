/**
 * Whether an error means the database cannot be reached or is going away (restarted, its backends
 * terminated, a pool that cannot connect in time, a statement cut off by its timeout), as opposed to a
 * fault in what we asked. Such a request is answered 503 DATABASE_UNAVAILABLE with Retry-After: the
 * shopper may simply try again, and nothing of it was written (an append is one transaction).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "57014", // query_canceled: the statement timeout cut it off
  "53300", // too_many_connections
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);

// node-postgres says these in words only.
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
  "Query read timeout",
];

/** How long a client should wait before trying again, in seconds (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
