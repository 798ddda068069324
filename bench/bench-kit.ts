import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";

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

/** A process's user + system CPU time in ms, all threads (/proc/<pid>/stat, Linux clock ticks of 10 ms). */
export function cpuMillis(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The local TCP ports of a process's sockets (its fds' inodes looked up in /proc/net/tcp{,6}). */
function localPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (link.startsWith("socket:[")) inodes.add(link.slice(8, -1));
    } catch {
      // closed since the listing
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"])
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9])) ports.push(Number.parseInt(cols[1].split(":")[1], 16));
    }
  return ports;
}

/**
 * CPU time of a process and of the PostgreSQL backends serving its connections, sampled every 200 ms
 * while the measured work runs (a pool opens and closes connections; a backend first seen mid-run
 * started then). Linux, and a server on the same machine.
 */
export function cpuMeter(pid: number, admin: pg.Pool) {
  const startProcess = cpuMillis(pid);
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let samples = 0;
  const sample = async () => {
    const ports = localPorts(pid);
    const { rows } = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[])",
      [ports],
    );
    for (const { pid: backend } of rows) {
      try {
        const ms = cpuMillis(backend);
        if (!first.has(backend)) first.set(backend, samples === 0 ? ms : 0);
        last.set(backend, ms);
      } catch {
        // the backend ended between the query and the read
      }
    }
    samples++;
  };
  let running = sample();
  const timer = setInterval(() => {
    running = running.then(sample);
  }, 200);
  return {
    /** Stops sampling: the process's CPU ms and its backends' since the meter started. */
    async stop(): Promise<{ process: number; database: number }> {
      clearInterval(timer);
      await running;
      await sample();
      let database = 0;
      for (const [backend, ms] of last) database += ms - (first.get(backend) ?? 0);
      return { process: cpuMillis(pid) - startProcess, database };
    },
  };
}
