import type { NextFunction, Request, Response } from "express";
import { errorAnswer } from "./error-answers.ts";
import { SERVER_BUSY_RETRY_AFTER_SECONDS } from "./shed-load.ts";

export const STARTING_MESSAGE = "The shop is starting up. Please try again in a moment.";
/** How long a request waits for the accounts' read models at start-up before it is answered 503. */
export const ACCOUNTS_WAIT_MS = 10_000;

/** The read models a session and a sign-in are checked against. */
export const ACCOUNT_READ_MODELS = ["users", "sessions"];

/**
 * Whether the accounts' read models hold the log as it was when the process started: true once they
 * do, until then a promise of it. A server restarted after `ops disable-user`, a password set or a
 * sign-out everywhere (all appended while it was down) would otherwise honour the old session or the
 * old password for the seconds its read models take to catch up. A read model stopped on a failure
 * no longer holds the gate (readiness reports it).
 */
export function accountsAtStart<Position>(
  head: () => Promise<Position>,
  waitFor: (position: Position, names: string[], timeoutMs: number) => Promise<boolean>,
  failed: () => Promise<string[]>,
): () => true | Promise<void> {
  let caughtUp = false;
  const gate = (async () => {
    const position = await head();
    for (;;) {
      if (await waitFor(position, ACCOUNT_READ_MODELS, 5000)) break;
      const stopped = await failed();
      if (ACCOUNT_READ_MODELS.some((name) => stopped.includes(name))) break;
    }
  })()
    .catch(() => {}) // the log head unreadable: the database is away, and every request says so itself
    .finally(() => {
      caughtUp = true;
    });
  return () => caughtUp || gate;
}

/** Holds each request until the accounts' read models caught up at start-up; 503 SERVER_BUSY after ACCOUNTS_WAIT_MS. */
export function waitForAccountsAtStart(ready: () => true | Promise<void>, waitMs = ACCOUNTS_WAIT_MS) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const gate = ready();
    if (gate === true) return next();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), waitMs);
    });
    return Promise.race([gate, timedOut]).then((outcome) => {
      clearTimeout(timer);
      if (outcome !== "timeout") return next();
      res.set("Retry-After", String(SERVER_BUSY_RETRY_AFTER_SECONDS));
      const { status, body } = errorAnswer("SERVER_BUSY", STARTING_MESSAGE);
      res.status(status).json(body);
    });
  };
}
