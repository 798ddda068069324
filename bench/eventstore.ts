import { randomBytes } from "node:crypto";
import pg from "pg";
import { START, type EventStore } from "@shop/shared";
import { openDatabase } from "../services/src/platform/database.ts";
import { createPostgresEventStore } from "../services/src/eventstore/postgres-event-store.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const data = { sku: "PIN-001", quantity: 2, price_cents: 1250, note: "benchmark" };
const metadata = { userId: "user-1", correlationId: "c-1", causationId: "c-0", requestId: "r-1" };

interface Row {
  name: string;
  eventsPerSecond: number;
  /** CPU this process spent per event: the client-side cost on a machine whose cores PostgreSQL shares. */
  clientMicrosPerEvent?: number;
  baseline?: string;
  /** Lowest–highest of the rounds, for lines measured in several. */
  spread?: string;
  /** Median of the per-round ratios to the raw INSERT line measured just before each round. */
  ratio?: number;
}

/**
 * Appends and catch-up reads of the PostgreSQL event store, next to the raw rate of single-row
 * INSERT transactions into a table of the events table's shape, measured in the same run so
 * both see the same disk and the same fsync cost.
 */
export async function run(args: string[] = []): Promise<void> {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const database = await openDatabase({ url, schema, poolSize: Number(process.env.BENCH_POOL ?? 20) });
  const onlySingle = args.includes("single"); // just the interleaved single-event lines (quicker to compare changes)
  const rows: Row[] = [];
  try {
    const store = await createPostgresEventStore(database);
    const admin = await connect(url, schema);
    // Same columns, defaults, identity and indexes as the events table; and a bare one with the primary key only.
    await admin.query("CREATE TABLE raw_indexed (LIKE events INCLUDING ALL)");
    await admin.query(`CREATE TABLE raw_bare (global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, stream_id text NOT NULL,
      stream_position integer NOT NULL, type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(), created_at timestamptz NOT NULL DEFAULT now())`);
    await admin.end();

    // The headline ratio, single-event appends to raw INSERTs, is measured in alternating rounds: the
    // load of a shared machine drifts over a run, and both sides of a ratio should see the same drift.
    for (const clients of [1, 16]) {
      const raw: number[] = [];
      const appended: number[] = [];
      const cpu = { raw: 0, append: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        raw.push(await rawInserts(url, schema, "raw_indexed", clients));
        cpu.raw += lastClientMicros / ROUNDS;
        appended.push(await appends(store, clients, 1));
        cpu.append += lastClientMicros / ROUNDS;
      }
      const rawName = `raw INSERT, same indexes, ${clients} client(s)`;
      rows.push({ name: rawName, eventsPerSecond: median(raw), clientMicrosPerEvent: cpu.raw, spread: spread(raw) });
      rows.push({
        name: `append 1 event, ${clients} writer(s)`,
        eventsPerSecond: median(appended),
        clientMicrosPerEvent: cpu.append,
        spread: spread(appended),
        ratio: median(appended.map((a, i) => a / raw[i])),
      });
      if (!onlySingle)
        rows.push(
          await row(`raw INSERT, primary key only, ${clients} client(s)`, rawInserts(url, schema, "raw_bare", clients)),
        );
    }
    if (!onlySingle) {
      const raw = (clients: number) => `raw INSERT, same indexes, ${clients} client(s)`;
      for (const writers of [1, 16]) {
        rows.push(await row(`append 100 events, ${writers} writer(s)`, appends(store, writers, 100), raw(writers)));
      }
      rows.push({ name: "subscriber catch-up from START", eventsPerSecond: await catchUp(store) });
    }
    await store.close();
  } finally {
    await database.close();
    const admin = await connect(url, "public");
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
  print(rows);
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;

async function connect(url: string, schema: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  return client;
}

let lastClientMicros = 0;

/** Runs `work` on each of `workers` loops for SECONDS; returns the units done per second. */
async function measure(workers: number, work: (worker: number, i: number) => Promise<number>): Promise<number> {
  const cpu = process.cpuUsage();
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const units = await work(worker, i); // not `done += await ...`: that reads `done` before the await
        done += units;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  lastClientMicros = (used.user + used.system) / done;
  return done / ((performance.now() - started) / 1000);
}

async function row(name: string, rate: Promise<number>, baseline?: string): Promise<Row> {
  const eventsPerSecond = await rate;
  return { name, eventsPerSecond, clientMicrosPerEvent: lastClientMicros, baseline };
}

async function rawInserts(url: string, schema: string, table: string, clients: number): Promise<number> {
  const connections = await Promise.all(Array.from({ length: clients }, () => connect(url, schema)));
  const hasVersion = table === "raw_indexed";
  const text = `INSERT INTO ${table} (stream_id, stream_position, type, data, metadata${hasVersion ? ", schema_version" : ""})
    VALUES ($1, $2, $3, $4, $5${hasVersion ? ", 1" : ""})`;
  const run = randomBytes(3).toString("hex");
  try {
    return await measure(clients, async (worker, i) => {
      await connections[worker].query({
        name: `insert_${table}`,
        text,
        values: [`raw-${run}-${worker}-${i}`, 0, "Benchmarked", data, metadata],
      });
      return 1;
    });
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
}

async function appends(store: EventStore, writers: number, batch: number): Promise<number> {
  const events = Array.from({ length: batch }, () => ({ type: "Benchmarked", data, metadata }));
  const run = randomBytes(3).toString("hex");
  return measure(writers, async (worker, i) => {
    await store.append(`bench-${run}-${worker}-${i}`, events, { expectedVersion: "no-stream" });
    return batch;
  });
}

async function catchUp(store: EventStore): Promise<number> {
  let delivered = 0;
  const started = performance.now();
  const subscription = store.subscribe({
    from: START,
    batchSize: 1000,
    onEvents: (events) => {
      delivered += events.length;
    },
  });
  await subscription.caughtUp();
  const seconds = (performance.now() - started) / 1000;
  await subscription.stop();
  console.info(`catch-up delivered ${delivered} events in ${seconds.toFixed(2)} s`);
  return delivered / seconds;
}

function print(rows: Row[]): void {
  const rate = new Map(rows.map((r) => [r.name, r.eventsPerSecond]));
  const width = Math.max(...rows.map((r) => r.name.length));
  console.info(
    `\n${"measurement".padEnd(width)}  ${"events/s".padStart(10)}  ${"rounds (min–max)".padStart(17)}  ${"client CPU µs/event".padStart(19)}  ratio to raw (same clients)`,
  );
  for (const r of rows) {
    const base = r.baseline ? rate.get(r.baseline) : undefined;
    const ratio = r.ratio !== undefined ? r.ratio.toFixed(2) : base ? (r.eventsPerSecond / base).toFixed(2) : "";
    const cpu = r.clientMicrosPerEvent === undefined ? "" : Math.round(r.clientMicrosPerEvent).toString();
    console.info(
      `${r.name.padEnd(width)}  ${Math.round(r.eventsPerSecond).toString().padStart(10)}  ${(r.spread ?? "").padStart(17)}  ${cpu.padStart(19)}  ${ratio}`,
    );
  }
}
