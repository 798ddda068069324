import pino from "pino";

/** Keys whose values are secrets: never logged, never shown by the audit view or pushed. */
const SECRET_KEY = /password|hash|session|csrf|token|secret|cookie|authorization/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? "[redacted]" : redactSecrets(v)]),
    );
  }
  return value;
}

export type Logger = pino.Logger;

/** JSON lines to stdout, or to `destination` (tests read what would have been logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers['x-csrftoken']",
        'res.headers["set-cookie"]',
        "*.password",
        "*.passwordHash",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
