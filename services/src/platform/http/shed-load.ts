import type { NextFunction, Request, Response } from "express";
import { Counter } from "prom-client";
import { errorAnswer } from "./error-answers.ts";
import { metricsRegistry } from "../metrics.ts";

export const SERVER_BUSY_MESSAGE = "The shop is very busy just now. Please try again in a moment.";
/** Seconds a refused client waits before it tries again: long enough for a queue to drain, short for a shopper. */
export const SERVER_BUSY_RETRY_AFTER_SECONDS = 2;

const shedRequests = new Counter({
  name: "http_requests_shed_total",
  help: "API requests answered 503 SERVER_BUSY at once because the database connection queue was too old",
  registers: [metricsRegistry],
});

/**
 * Load shedding (issue 28, point 5): when the oldest request waiting for a database connection has
 * waited longer than `maxWaitMs`, a new API request is answered 503 SERVER_BUSY with Retry-After at
 * once, before it reads a byte or queues for the database. Under a giving day's overload the work
 * already admitted (a payment mid-saga) then gets the connections, a socket's handshake and a push
 * are not stuck behind queued requests, and a refused shopper learns in a millisecond what they would
 * otherwise have learnt after the pool's connect timeout (a 503 too, DATABASE_UNAVAILABLE). A refused
 * request wrote nothing, so trying again is always safe.
 *
 * Only the API is shed: health checks, the metrics, the front ends' files and the sockets never wait
 * for the pool.
 */
export function shedLoad(oldestWaitMs: () => number, maxWaitMs: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (oldestWaitMs() <= maxWaitMs || !isApiPath(req.path)) return next();
    shedRequests.inc();
    res.set("Retry-After", String(SERVER_BUSY_RETRY_AFTER_SECONDS));
    const { status, body } = errorAnswer("SERVER_BUSY", SERVER_BUSY_MESSAGE);
    res.status(status).json(body);
  };
}

function isApiPath(path: string): boolean {
  return path.startsWith("/api/") || path.startsWith("/admin/api/") || path.startsWith("/admin/base/");
}
