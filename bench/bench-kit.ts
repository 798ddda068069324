import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One printed line of a bench: a rate, latencies, and what to read next to them. */
export interface Row {
  name: string;
  perSecond?: number;
  p50?: number;
  p99?: number;
  note?: string;
}

export function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * A server process's environment on a fresh PostgreSQL schema (`bench_<random>`) of `DATABASE_URL`
 * (default the local `test` database), no demo data, quiet logs: the bench then fills it itself.
 */
export function freshSchemaServer(name: string, extra: Record<string, string> = {}) {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const env = {
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: mkdtempSync(join(tmpdir(), `bench-${name}-`)),
    DEMO_DATA: "false",
    LOG_LEVEL: "error",
    // V8 flags for the server process alone (e.g. --max-semi-space-size=8), to weigh them against its baseline.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    ...extra,
  };
  return { url, schema, env };
}
