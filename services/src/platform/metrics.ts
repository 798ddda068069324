import { createServer, type Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { sql, type Kysely } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "@shop/projections";

/**
 * What operators see of a running process (issue 28, point 6): Prometheus text at /metrics on a port of
 * its own (METRICS_PORT), never on the shop's public port. One registry per process; the figures that
 * are measured where they happen (a request, an append, a push, a throttled login) are observed by one
 * line at that spot, the ones that are states (projection lag, sockets, sagas, outbox) are read when
 * scraped from the server that registered its sources.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];
/** Seconds: from 1 ms to 10 s, where a shop's answers and pushes fall. */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestSeconds = new Histogram({
  name: "http_request_duration_seconds",
  help: "HTTP answers by express route pattern (not the raw URL), method and status class",
  labelNames: ["method", "route", "status"] as const,
  buckets: SECONDS,
  registers,
});

export const eventAppendSeconds = new Histogram({
  name: "eventstore_append_duration_seconds",
  help: "Event store appends, from call to committed answer",
  buckets: SECONDS,
  registers,
});

export const livePushSeconds = new Histogram({
  name: "live_push_delay_seconds",
  help: "From an event's commit to its push written to this process's sockets, by push name",
  labelNames: ["name"] as const,
  buckets: SECONDS,
  registers,
});

export const loginThrottles = new Counter({
  name: "login_throttles_total",
  help: "Sign-in attempts refused by a throttle, by the limit that refused them",
  labelNames: ["limit"] as const,
  registers,
});

/** The states a running server reports when scraped. */
export interface MetricSources {
  db: Kysely<Database>;
  /** Open sockets per namespace (/admin, /public). */
  liveSockets(): Record<string, number>;
  isLeader(): boolean;
}

let sources: MetricSources | null = null;

/** The server's sources for the sampled gauges (the latest server of the process wins: tests start several). */
export function sampleMetricsFrom(s: MetricSources): () => void {
  sources = s;
  return () => {
    if (sources === s) sources = null;
  };
}

new Gauge({
  name: "projection_lag_events",
  help: "Events in the log past each read model's stored checkpoint",
  labelNames: ["projection"] as const,
  registers,
  async collect() {
    this.reset();
    if (!sources) return;
    const { rows } = await sql<{ name: string; lag: string }>`
      SELECT c.name, (greatest(h.head - c.position_minor, 0))::text AS lag
      FROM projection_checkpoints c, (SELECT coalesce(max(global_position), 0) AS head FROM events) h`.execute(
      sources.db,
    );
    for (const r of rows) this.set({ projection: r.name }, Number(r.lag));
  },
});

new Gauge({
  name: "live_sockets",
  help: "Sockets open on this process, by namespace",
  labelNames: ["namespace"] as const,
  registers,
  collect() {
    this.reset();
    for (const [namespace, n] of Object.entries(sources?.liveSockets() ?? {})) this.set({ namespace }, n);
  },
});

new Gauge({
  name: "projection_leader",
  help: "1 when this process holds the projection leader lock (runs projections, sweeps, the outbox)",
  registers,
  collect() {
    this.set(sources?.isLeader() ? 1 : 0);
  },
});

new Gauge({
  name: "saga_attempts_in_flight",
  help: "Payment attempts recorded and not yet settled (finished or undone)",
  registers,
  async collect() {
    this.set(sources ? await countOf(sources.db, sql`payment_attempts WHERE settled IS NULL`) : 0);
  },
});

new Gauge({
  name: "outbox_depth",
  help: "Mails queued and not yet sent",
  registers,
  async collect() {
    this.set(sources ? await countOf(sources.db, sql`mailbox WHERE status = 'queued'`) : 0);
  },
});

async function countOf(db: Kysely<Database>, from: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${from}`.execute(db);
  return Number(rows[0].n);
}

/**
 * Times every answer under the route pattern express matched (`/api/store/product/:slug/`), so a label
 * has as many values as the app has routes; whatever matched no route (static files, 404s) is "unmatched".
 */
export function observeRequests() {
  return (req: Request, res: Response, next: NextFunction) => {
    // performance.now and one observe: prom-client's startTimer makes two closures and a merged labels object per request.
    const started = performance.now();
    res.on("finish", () =>
      httpRequestSeconds.observe(
        { method: req.method, route: routePatternOf(req), status: STATUS_CLASSES[Math.floor(res.statusCode / 100)] },
        (performance.now() - started) / 1000,
      ),
    );
    next();
  };
}

const STATUS_CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx", "6xx", "7xx", "8xx", "9xx"];

function routePatternOf(req: Request): string {
  const path: unknown = req.route?.path;
  if (typeof path === "string") return `${req.baseUrl}${path}`;
  if (Array.isArray(path)) return `${req.baseUrl}${path.join("|")}`;
  return "unmatched";
}

/** Serves /metrics on its own port; resolves with the server once it listens. */
export async function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": metricsRegistry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return server;
}
