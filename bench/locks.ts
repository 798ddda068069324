import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { type LockChangedMessage, RecordLockedError, WrongExpectedVersionError } from "@shop/shared";
import { ConfigSchema } from "../services/src/platform/config.ts";
import { startServer, type RunningServer } from "../services/src/server.ts";
import { runLockCommand } from "../services/src/locks/lock-commands.ts";
import { signedInClient } from "../services/src/testing/server-kit.ts";
import type { TestClient } from "../services/src/testing/http-client.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const EDITORS = 16;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 40);
/** First pushes of each series are not counted: they pay for JIT warm-up and lazy buffers. */
const WARMUP = 3;

interface Row {
  name: string;
  perSecond?: number;
  p50?: number;
  p99?: number;
  note?: string;
}

/**
 * Record locks on PostgreSQL: lock+unlock commands per second for 16 concurrent editors (over HTTP,
 * and through the command function alone), next to the event store's raw append rate; then the time
 * from a lock command to its push on 500 admin sockets, next to a bare socket.io broadcast to 500
 * sockets measured in the same run.
 */
export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const config = ConfigSchema.parse({
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-locks-")),
    DEMO_DATA: "false",
    LOG_LEVEL: "silent",
  });
  const server = await startServer(config, { serveFrontEnds: false });
  const rows: Row[] = [];
  try {
    console.info(`signing in ${EDITORS} editors…`);
    const editors: Array<Awaited<ReturnType<typeof signedInClient>>> = [];
    for (let i = 0; i < EDITORS; i++)
      editors.push(await signedInClient(server, `bench${i}@example.org`, `Editor ${i}`));

    rows.push({
      name: `baseline: store.append 1 event, ${EDITORS} writers, distinct streams`,
      perSecond: await measure(EDITORS, rawAppend(server)),
    });
    rows.push({
      name: `command fn lock+unlock, ${EDITORS} editors, distinct records`,
      perSecond: await measure(EDITORS, commandPairs(server, editors, false)),
    });
    rows.push({
      name: `command fn lock+unlock, ${EDITORS} editors, one record`,
      perSecond: await measure(EDITORS, commandPairs(server, editors, true)),
    });
    rows.push({
      name: `HTTP lock+unlock, ${EDITORS} editors, distinct records`,
      perSecond: await measure(EDITORS, httpPairs(editors, false)),
    });
    const contended = { granted: 0, conflicts: 0 };
    rows.push({
      name: `HTTP lock+unlock, ${EDITORS} editors, one record`,
      perSecond: await measure(EDITORS, httpPairs(editors, true, contended)),
    });
    rows[rows.length - 1].note =
      `${contended.granted} granted, ${contended.conflicts} lost 8 races (409), the rest refused`;

    console.info(`connecting ${SOCKETS} admin sockets…`);
    rows.push(await rawBroadcast());
    rows.push(...(await lockPushLatency(server, editors[0].client)));
  } finally {
    await server.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  print(rows);
}

/** Runs `work` on `workers` loops for SECONDS; answers commands per second (work answers how many it ran). */
async function measure(workers: number, work: (worker: number, i: number) => Promise<number>): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const n = await work(worker, i);
        done += n;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function rawAppend(server: RunningServer) {
  const run = randomBytes(3).toString("hex");
  return async (worker: number, i: number) => {
    await server.store.append(`bench-${run}-${worker}-${i}`, [{ type: "Benchmarked", data: { i } }], {
      expectedVersion: "no-stream",
    });
    return 1;
  };
}

let nextRecord = 1;
function commandPairs(
  server: RunningServer,
  editors: Array<{ user: { id: string; name: string } }>,
  contended: boolean,
) {
  nextRecord += 100_000;
  const base = nextRecord;
  return async (worker: number, i: number) => {
    const id = contended ? base : base + worker * 10_000 + i;
    const user = editors[worker].user;
    const rec = { app: "content", model: "contentnode", id };
    try {
      await runLockCommand(server.store, {
        type: "TakeLock",
        data: { ...rec, user, reason: 1, comment: "", autoCreated: true, now: new Date() },
      });
    } catch (e) {
      if (e instanceof RecordLockedError || e instanceof WrongExpectedVersionError) return 1;
      throw e;
    }
    await runLockCommand(server.store, {
      type: "ReleaseLock",
      data: { ...rec, by: user, force: false, now: new Date() },
    });
    return 2;
  };
}

function httpPairs(editors: Array<{ client: TestClient }>, contended: boolean, counts = { granted: 0, conflicts: 0 }) {
  nextRecord += 100_000;
  const base = nextRecord;
  return async (worker: number, i: number) => {
    const objs = [{ app: "content", model: "contentnode", id: contended ? base : base + worker * 10_000 + i }];
    const client = editors[worker].client;
    const taken = await client.post("/admin/base/record-locks/?ts=1", { objs });
    if (taken.status === 409) {
      if (taken.json?.lock === undefined) counts.conflicts++; // lost every retry to other editors: '...changed at the same time'
      return 1;
    }
    if (taken.status !== 200) throw new Error(`lock answered ${taken.status}: ${taken.text}`);
    counts.granted++;
    const released = await client.request("DELETE", "/admin/base/record-locks/", { objs });
    if (released.status !== 200) throw new Error(`unlock answered ${released.status}: ${released.text}`);
    return 2;
  };
}

async function connectAll(url: string, namespace: string, cookie?: string): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i += 50) {
    const batch = Array.from({ length: Math.min(50, SOCKETS - i) }, () =>
      connect(url + namespace, {
        transports: ["websocket"],
        extraHeaders: cookie ? { cookie } : {},
        reconnection: false,
        forceNew: true,
      }),
    );
    await Promise.all(
      batch.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once("connect", () => resolve());
            s.once("connect_error", reject);
          }),
      ),
    );
    sockets.push(...batch);
  }
  return sockets;
}

/** Resolves with each socket's arrival time (ms after `t0`) of the first message `match` accepts. */
function arrivals<T>(sockets: Socket[], name: string, match: (m: T) => boolean, t0: () => number): Promise<number[]> {
  return Promise.all(
    sockets.map(
      (s) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${name} within 10 s`)), 10_000);
          const listener = (m: T) => {
            if (!match(m)) return;
            clearTimeout(timer);
            s.off(name, listener);
            resolve(performance.now() - t0());
          };
          s.on(name, listener);
        }),
    ),
  );
}

/** Baseline: a bare socket.io server emitting to a room of 500 sockets, no event log, no HTTP command. */
async function rawBroadcast(): Promise<Row> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.of("/admin").on("connection", (s) => s.join("staff"));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as { port: number }).port;
  const sockets = await connectAll(`http://127.0.0.1:${port}`, "/admin");
  const samples: number[] = [];
  try {
    for (let k = 0; k < PUSHES; k++) {
      let t0 = 0;
      const got = arrivals<{ id: number }>(
        sockets,
        "lock:changed",
        (m) => m.id === k,
        () => t0,
      );
      t0 = performance.now();
      io.of("/admin")
        .to("staff")
        .emit("lock:changed", {
          app: "content",
          model: "contentnode",
          id: k,
          lock: null,
          by: { id: "x", name: "X" },
          change: "released",
        });
      const times = await got;
      if (k >= WARMUP) samples.push(...times);
    }
  } finally {
    for (const s of sockets) s.disconnect();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  }
  return { name: `baseline: bare socket.io emit → ${SOCKETS} sockets`, ...percentiles(samples) };
}

async function lockPushLatency(server: RunningServer, client: TestClient): Promise<Row[]> {
  const sockets = await connectAll(server.url, "/admin", client.cookieHeader);
  const samples: number[] = [];
  const answers: number[] = [];
  try {
    for (let k = 0; k < PUSHES; k++) {
      const objs = [{ app: "content", model: "contentnode", id: 900_000 + k }];
      let t0 = 0;
      const got = arrivals<LockChangedMessage>(
        sockets,
        "lock:changed",
        (m) => m.id === objs[0].id && m.change === "taken",
        () => t0,
      );
      t0 = performance.now();
      const res = await client.post("/admin/base/record-locks/?ts=1", { objs });
      const answered = performance.now() - t0;
      if (res.status !== 200) throw new Error(`lock answered ${res.status}`);
      const times = await got;
      if (k >= WARMUP) {
        answers.push(answered);
        samples.push(...times);
      }
      await client.request("DELETE", "/admin/base/record-locks/", { objs });
    }
  } finally {
    for (const s of sockets) s.disconnect();
  }
  return [
    { name: `lock command → lock:changed on ${SOCKETS} admin sockets`, ...percentiles(samples) },
    { name: `lock command → its HTTP answer (read-your-writes included)`, ...percentiles(answers) },
  ];
}

function percentiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

function print(rows: Row[]): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  console.info(
    `\n${"measurement".padEnd(width)}  ${"commands/s".padStart(10)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  note`,
  );
  for (const r of rows) {
    const rate = r.perSecond === undefined ? "" : Math.round(r.perSecond).toString();
    const p50 = r.p50 === undefined ? "" : r.p50.toFixed(1);
    const p99 = r.p99 === undefined ? "" : r.p99.toFixed(1);
    console.info(
      `${r.name.padEnd(width)}  ${rate.padStart(10)}  ${p50.padStart(7)}  ${p99.padStart(7)}  ${r.note ?? ""}`,
    );
  }
}
