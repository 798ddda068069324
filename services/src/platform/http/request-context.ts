import { randomUUID } from "node:crypto";
import type { Express as App, NextFunction, Request, Response } from "express";
import type { EventMetadata } from "@shop/shared";
import type { Logger } from "../logger.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  is_staff: boolean;
}

declare global {
  namespace Express {
    interface Request {
      requestId: string;
      log: Logger;
      /** The signed-in user, or null for a visitor. */
      user: SignedInUser | null;
      /** Hash of the session cookie's id when a session is open. */
      sessionHash: string | null;
    }
  }
}

const CHILD_LOG = Symbol("request log");

/**
 * Gives each request an id (kept from X-Request-Id if sent), a logger that names it and one log line
 * when done. The child logger is made on first use only (most requests log nothing but their line),
 * and the line is not prepared at all when info is off: on the busiest routes both were a share of
 * the allocations that kept the garbage collector busy.
 */
export function requestContext(app: App, log: Logger) {
  Object.defineProperty(app.request, "log", {
    configurable: true,
    get(this: Request & { [CHILD_LOG]?: Logger }) {
      this[CHILD_LOG] ??= log.child({ requestId: this.requestId });
      return this[CHILD_LOG];
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    req.requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    req.user = null;
    req.sessionHash = null;
    res.setHeader("X-Request-Id", req.requestId);
    if (log.isLevelEnabled("info")) {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log.info(
          {
            requestId: req.requestId,
            method: req.method,
            url: req.originalUrl.split("?")[0],
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
            userId: req.user?.id,
          },
          "request",
        );
      });
    }
    next();
  };
}

/**
 * The metadata every event appended on behalf of this request carries. Over HTTP the request is the
 * command, so its id is both the causation (what directly caused these events) and the correlation
 * (the conversation they belong to). Work that follows from an event rather than a request, such as
 * a scheduled action coming due, sets its own causation to that event's stream (scheduled-action-runner.ts).
 */
export function eventMetadata(req: Request): EventMetadata {
  return {
    userId: req.user?.id ?? null,
    requestId: req.requestId,
    correlationId: req.requestId,
    causationId: req.requestId,
  };
}
