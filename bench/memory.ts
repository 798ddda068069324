import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import { openDatabase } from "../services/src/platform/database.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
/** Idle time after "ready" before reading the resident memory (timers, first GC, lazy buffers). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 5) * 1000;
const READY_TIMEOUT_MS = 180_000;

interface Row {
  name: string;
  rssMiB: number;
  peakMiB: number;
  readyMs: number;
}

/**
 * Resident memory (RSS, from /proc) of `npm start` on PGlite once it is ready and idle, on its first
 * start (a new data folder: initdb runs) and on a restart (the folder is reopened), next to a bare
 * PGlite opened in a Node process with its default options and with the options the server uses,
 * all measured in the same run, each in a process of its own.
 */
export async function run(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "bench-memory-"));
  const rows: Row[] = [];
  try {
    const bare = join(work, "bare");
    rows.push(await measure("bare PGlite, defaults, new folder", bareChild("defaults", bare)));
    rows.push(await measure("bare PGlite, defaults, reopened", bareChild("defaults", bare)));
    const tuned = join(work, "tuned");
    rows.push(await measure("PGlite via openDatabase, new folder", bareChild("server", tuned)));
    rows.push(await measure("PGlite via openDatabase, reopened", bareChild("server", tuned)));
    const data = join(work, "data");
    rows.push(await measure("npm start, first start (demo data)", await serverChild(data)));
    rows.push(await measure("npm start, restart", await serverChild(data)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `\nResident memory once ready and idle ${SETTLE_MS / 1000} s (MiB), @electric-sql/pglite ${pgliteVersion()}, Node ${process.version}`,
  );
  console.log(`${"".padEnd(40)} ${"RSS".padStart(6)} ${"peak".padStart(6)} ${"ready in".padStart(9)}`);
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(40)} ${String(row.rssMiB).padStart(6)} ${String(row.peakMiB).padStart(6)} ${(row.readyMs / 1000).toFixed(1).padStart(7)} s`,
    );
  }
  console.log(
    '"npm start" is the node process of scripts/start.mjs (the server runs in it); npm itself adds about 60 MiB.',
  );
}

interface Started {
  child: ChildProcess;
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Waits for `ready`, idles, reads VmRSS/VmHWM of the child, stops it. */
async function measure(name: string, started: Started): Promise<Row> {
  const t0 = performance.now();
  try {
    await withTimeout(started.ready, READY_TIMEOUT_MS, name);
    const readyMs = performance.now() - t0;
    await sleep(SETTLE_MS);
    const status = readFileSync(`/proc/${started.child.pid}/status`, "utf8");
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { name, rssMiB: Math.round(kib("VmRSS") / 1024), peakMiB: Math.round(kib("VmHWM") / 1024), readyMs };
  } finally {
    await started.stop();
  }
}

/** A Node process that opens PGlite in `dir` (bare defaults, or through openDatabase) and says "ready". */
function bareChild(kind: "defaults" | "server", dir: string): Started {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    cwd: root,
    env: { ...process.env, BENCH_MEMORY_CHILD: kind, BENCH_MEMORY_DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.on("exit", (code) => reject(new Error(`PGlite child exited with ${code}`)));
  });
  return { child, ready, stop: () => stopChild(child) };
}

/** `npm start` as users run it (scripts/start.mjs runs the server's bundle in its own process), ready when /readyz answers 200. */
async function serverChild(dataDir: string): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      EVENTSTORE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  const ready = (async () => {
    for (;;) {
      if (exited) throw new Error("npm start exited before it was ready");
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (answer?.status === 200) return;
      await sleep(200);
    }
  })();
  return { child, ready, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function pgliteVersion(): string {
  return JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not ready after ${ms / 1000} s`)), ms)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The child side of bareChild: open, run one query, say "ready", stay idle until stopped.
if (process.env.BENCH_MEMORY_CHILD) {
  const dir = process.env.BENCH_MEMORY_DIR!;
  if (process.env.BENCH_MEMORY_CHILD === "defaults") {
    const pglite = new PGlite(dir);
    await pglite.query("SELECT 1");
  } else {
    const database = await openDatabase({ dataDir: dir });
    await sql`SELECT 1`.execute(database.db);
  }
  console.log("ready");
  process.on("SIGTERM", () => process.exit(0));
  setInterval(() => {}, 1 << 30);
}
