import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { allProjections, ProjectionRunner } from "@shop/projections";
import { productGiven, skuGiven } from "../services/src/catalog/catalog-spec-fixtures.ts";
import { BILLING, GOOD_CARD, SAME_AS_BILLING } from "../services/src/checkout/checkout-fixtures.ts";
import { createEventRegistry } from "../services/src/event-registry.ts";
import { createPostgresEventStore } from "../services/src/eventstore/postgres-event-store.ts";
import { openDatabase } from "../services/src/platform/database.ts";
import { cpuMeter, freshSchemaServer, percentiles, type Row } from "./bench-kit.ts";
import { spawnServer, type ServerProcess } from "../services/src/platform/server-process-kit.ts";
import { TestClient } from "../services/src/testing/http-client.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Every DOUBLE-th shopper submits the payment twice at once with the same key (a double click). */
const DOUBLE = Number(process.env.BENCH_DOUBLE ?? 4);
/** Books on sale (`BENCH_BOOKS`, 4): shopper i buys book i mod BOOKS, so 64 shoppers race 16 to a SKU stream. */
const BOOKS = Number(process.env.BENCH_BOOKS ?? 4);
const C = "/api/store/shop/checkout/";
const DOWNLOAD = "40-500";
const book = (i: number) => `10-1-${100 + (i % BOOKS)}`;

type StepName =
  | "add to cart"
  | "POST info"
  | "POST delivery"
  | "GET shipping"
  | "POST shipping"
  | "GET payment"
  | "POST payment";
const STEPS: StepName[] = [
  "add to cart",
  "POST info",
  "POST delivery",
  "GET shipping",
  "POST shipping",
  "GET payment",
  "POST payment",
];

interface Step {
  name: StepName;
  method: "GET" | "POST";
  path: string;
  body?: Record<string, string>;
  headers?: Record<string, string>;
  /** What a successful answer holds; anything else counts as a failed checkout. */
  ok: (json: any) => boolean;
}

/** The four-step checkout of one shopper (physical book + download, so every step runs), as the page sends it. */
function appSteps(shopper: string, i: number): Step[] {
  const email = `${shopper}@example.org`;
  return [
    {
      name: "add to cart",
      method: "GET",
      path: `/api/store/shop/add-to-cart/?${book(i)}=1&${DOWNLOAD}=1`,
      ok: (j) => j !== null,
    },
    { name: "POST info", method: "POST", path: `${C}info/`, body: { ...BILLING, email }, ok: (j) => j?.step === 2 },
    {
      name: "POST delivery",
      method: "POST",
      path: `${C}delivery/`,
      body: { ...SAME_AS_BILLING, digital_email: email },
      ok: (j) => j?.step === 3,
    },
    { name: "GET shipping", method: "GET", path: `${C}shipping/`, ok: (j) => /standard/.test(j?.shipping_options) },
    {
      name: "POST shipping",
      method: "POST",
      path: `${C}shipping/`,
      body: { shipping_method: "standard" },
      ok: (j) => j?.step === 4,
    },
    { name: "GET payment", method: "GET", path: `${C}payment/`, ok: (j) => typeof j?.order_summary === "string" },
    {
      name: "POST payment",
      method: "POST",
      path: `${C}payment/`,
      body: GOOD_CARD,
      headers: { "idempotency-key": `pay-${shopper}` },
      ok: (j) => j?.metadata?.success === true && typeof j?.order?.number === "string",
    },
  ];
}

/** The baseline's calls: the same methods and bodies, each running as many INSERTs as the app appended events. */
function baselineSteps(shopper: string, i: number, inserts: Record<StepName, number>): Step[] {
  return appSteps(shopper, i).map((s) => ({
    ...s,
    path: `/step/${encodeURIComponent(s.name)}?n=${inserts[s.name]}&shopper=${shopper}`,
    ok: (j) => j !== null,
  }));
}

interface Outcome {
  times: Record<StepName, number[]>;
  statuses: Map<number, number>;
  completed: number;
  failed: string[];
  seconds: number;
  /** Order numbers answered to each shopper (two when it double-submitted). */
  orders: Map<string, string[]>;
  /** CPU ms of the answering process and of its PostgreSQL backends, and its statements, over the round. */
  cpu: { process: number; database: number; statements: number; notifies: number };
}

/** `bench/statement-probe.mjs`, loaded into each side's process: it counts the statements sent to PostgreSQL. */
const PROBE = new URL("./statement-probe.mjs", import.meta.url).href;
const probeFiles = mkdtempSync(join(tmpdir(), "bench-statements-"));

/** The statements (and NOTIFYs) a probed process has sent so far: it writes them on SIGUSR2. */
async function statementsSent(pid: number, file: string): Promise<{ statements: number; notifies: number }> {
  const read = () => {
    try {
      return readFileSync(file, "utf8").split(" ").map(Number);
    } catch {
      return [0, 0, 0];
    }
  };
  const [before] = read();
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 5_000; waited += 10) {
    const [sequence, statements, notifies] = read();
    if (sequence > before) return { statements, notifies };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the statement probe in process ${pid} did not answer`);
}

/** CPU (cpuMeter) and statements (the probe) of one side over a round. */
function sideMeter(pid: number, admin: pg.Pool, file: string) {
  const cpu = cpuMeter(pid, admin);
  const sent = statementsSent(pid, file);
  return {
    async stop() {
      const [used, before, after] = await Promise.all([cpu.stop(), sent, sent.then(() => statementsSent(pid, file))]);
      return {
        ...used,
        statements: after.statements - before.statements,
        notifies: after.notifies - before.notifies,
      };
    },
  };
}

/** `shoppers` shoppers, all at once, each through its steps in order; a failed step ends that shopper's checkout. */
async function checkoutRound(
  origin: string,
  shoppers: number,
  stepsOf: (shopper: string, i: number) => Step[],
  prefix: string,
  csrf: boolean,
  meter: () => ReturnType<typeof sideMeter>,
): Promise<Outcome> {
  const out: Outcome = {
    times: Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as Record<StepName, number[]>,
    statuses: new Map(),
    completed: 0,
    failed: [],
    seconds: 0,
    orders: new Map(),
    cpu: { process: 0, database: 0, statements: 0, notifies: 0 },
  };
  // The page load that gives a browser its csrftoken cookie: before the clock starts.
  const clients = await Promise.all(
    Array.from({ length: shoppers }, async () => {
      const client = new TestClient(origin, { csrf });
      if (csrf) await client.get("/api/account/me/");
      return client;
    }),
  );
  const started = performance.now();
  const cpu = meter();
  await Promise.all(
    clients.map(async (client, i) => {
      const shopper = `${prefix}-${i}`;
      for (const step of stepsOf(shopper, i)) {
        const double = step.name === "POST payment" && DOUBLE > 0 && i % DOUBLE === 0;
        const t0 = performance.now();
        const send = () => client.request(step.method, step.path, step.body, step.headers);
        const answers = double ? await Promise.all([send(), send()]) : [await send()];
        out.times[step.name].push(performance.now() - t0);
        for (const a of answers) out.statuses.set(a.status, (out.statuses.get(a.status) ?? 0) + 1);
        const bad = answers.find((a) => a.status >= 300 || !step.ok(a.json));
        if (bad) {
          out.failed.push(`${shopper} ${step.name}: ${bad.status} ${bad.text.slice(0, 200)}`);
          return;
        }
        if (step.name === "POST payment")
          out.orders.set(
            shopper,
            answers.map((a) => a.json?.order?.number),
          );
      }
      out.completed++;
    }),
  );
  out.seconds = (performance.now() - started) / 1000;
  out.cpu = await cpu.stop();
  return out;
}

/**
 * `npm run bench -- checkout [shoppers]` (PostgreSQL): a server process on a fresh schema with a small
 * catalog, and `shoppers` (64) visitors completing the four-step checkout at once (add to cart, billing,
 * delivery, shipping read and chosen, payment read and submitted with the test card and an
 * Idempotency-Key; every `BENCH_DOUBLE`-th shopper double-submits). Orders/s and p50/p99 per step, the
 * 5xx answers and the duplicate orders (both must be 0), next to a bare express + pg process making the
 * same calls with as many INSERTs per call as the app appended events, in alternating rounds.
 */
export async function run(args: string[]): Promise<void> {
  const shoppers = Number(args[0] ?? process.env.BENCH_SHOPPERS ?? 64);
  const serverStatements = join(probeFiles, "server");
  const baselineStatements = join(probeFiles, "baseline");
  const { url, schema, env } = freshSchemaServer("checkout", {
    PAYMENT_GATEWAY: "test",
    BENCH_STATEMENT_FILE: serverStatements,
  });
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import ${PROBE}`.trim();
  const rows: Row[] = [];
  const loads: number[] = [loadavg()[0]];
  let baseline: ChildProcess | undefined;
  let server: ServerProcess | undefined;
  const database = await openDatabase({ url, schema, poolSize: 8 });
  // Finds each side's PostgreSQL backends (pg_stat_activity) for the CPU lines.
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  let verdict = { fivexx: 0, duplicates: 0 };
  try {
    server = await spawnServer(env, 120_000);
    const store = await createPostgresEventStore(database, createEventRegistry());
    const watcher = new ProjectionRunner({
      db: database.db,
      store,
      projections: allProjections,
      tryLeadership: async () => null,
    });

    // The catalog: four books with stock enough for every round, and a download.
    const given = [
      ...Array.from({ length: BOOKS }, (_, k) => [
        productGiven(1 + k, { title: `Bench Book ${k + 1}` }),
        ...skuGiven(100 + k, book(k), { productId: 1 + k, priceCents: 1299, stock: 1_000_000 }),
      ]).flat(),
      productGiven(50, { title: "Bench Audio" }),
      ...skuGiven(500, DOWNLOAD, { productId: 50, format: "MP3", priceCents: 799, digital: true }),
    ];
    let head = null;
    for (const g of given) ({ position: head } = await store.append(g.streamId, [{ type: g.type, data: g.data }]));
    if (!head || !(await watcher.waitFor(head, ["catalog"], 120_000))) throw new Error("the catalog was not projected");

    // Warm-up: one shopper alone, counting the events each call appends (the baseline's INSERTs per call).
    const eventCount = async () =>
      Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM events`.execute(database.db)).rows[0].n);
    const inserts = {} as Record<StepName, number>;
    const warm = new TestClient(server.url);
    await warm.get("/api/account/me/");
    for (const step of appSteps("warmup", 0)) {
      const before = await eventCount();
      const res = await warm.request(step.method, step.path, step.body, step.headers);
      if (res.status >= 300 || !step.ok(res.json))
        throw new Error(`warm-up checkout failed at ${step.name}: ${res.status} ${res.text}`);
      inserts[step.name] = (await eventCount()) - before;
    }
    const perOrder = STEPS.reduce((n, s) => n + inserts[s], 0);
    console.info(`events appended per checkout: ${perOrder} (${STEPS.map((s) => `${s} ${inserts[s]}`).join(", ")})`);

    baseline = fork(new URL("./checkout-baseline.ts", import.meta.url), [], {
      execArgv: ["--import", "tsx", "--import", PROBE],
      env: { ...process.env, BENCH_STATEMENT_FILE: baselineStatements },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    baseline.send({ url, schema });
    const basePort = await new Promise<number>((resolve, reject) => {
      baseline!.once("message", (m: { port: number }) => resolve(m.port));
      baseline!.once("exit", (code) => reject(new Error(`baseline exited (${code})`)));
    });
    const base = `http://127.0.0.1:${basePort}`;
    const baseMeter = () => sideMeter(baseline!.pid!, admin, baselineStatements);
    const appMeter = () => sideMeter(server!.child.pid!, admin, serverStatements);

    // A warm-up round of each (JIT, pools, caches: not in the figures, but in the 5xx and duplicate
    // checks), then alternating rounds, baseline first.
    console.info(`warm-up round: baseline, then ${shoppers} shoppers on the server…`);
    await checkoutRound(base, shoppers, (s, i) => baselineSteps(s, i, inserts), "bw", false, baseMeter);
    const warmup = await checkoutRound(server.url, shoppers, appSteps, "rw", true, appMeter);
    loads.push(loadavg()[0]);
    const b: Outcome[] = [];
    const a: Outcome[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      console.info(`round ${round + 1}/${ROUNDS}: baseline, then ${shoppers} shoppers on the server…`);
      b.push(
        await checkoutRound(base, shoppers, (s, i) => baselineSteps(s, i, inserts), `b${round}`, false, baseMeter),
      );
      loads.push(loadavg()[0]);
      a.push(await checkoutRound(server.url, shoppers, appSteps, `r${round}`, true, appMeter));
      loads.push(loadavg()[0]);
    }

    // Duplicates: from the log (two OrderPlaced for one cart, whatever the answers said), from the answers
    // (a double submit answered two numbers), and the orders read model against the answered orders.
    const logDuplicates = Number(
      (
        await sql<{ n: string }>`SELECT coalesce(sum(c - 1), 0)::text AS n FROM (
          SELECT count(*) AS c FROM events WHERE type = 'OrderPlaced' GROUP BY data->>'cartId') per_cart`.execute(
          database.db,
        )
      ).rows[0].n,
    );
    const answered = [warmup, ...a].flatMap((o) => [...o.orders.values()]);
    const answerDuplicates = answered.filter((numbers) => new Set(numbers).size > 1).length;
    const numbers = new Set(answered.map((n) => n[0]));
    const placed = Number(
      (await sql<{ n: string }>`SELECT count(*)::text AS n FROM events WHERE type = 'OrderPlaced'`.execute(database.db))
        .rows[0].n,
    );
    const logHead = await store.head();
    const caughtUp = await watcher.waitFor(logHead, ["orders"], 120_000);
    const readModel = await database.db.selectFrom("orders").select(["number", "cart_id"]).execute();
    const readModelCarts = new Set(readModel.map((r) => r.cart_id));
    const missing = [...numbers].filter((n) => !readModel.some((r) => r.number === n)).length;

    const fivexx = (os: Outcome[]) =>
      os.flatMap((o) => [...o.statuses]).reduce((n, [s, c]) => (s >= 500 ? n + c : n), 0);
    const statuses = (os: Outcome[]) => {
      const all = new Map<number, number>();
      for (const o of os) for (const [s, n] of o.statuses) all.set(s, (all.get(s) ?? 0) + n);
      return [...all].map(([s, n]) => `${s}: ${n}`).join(", ");
    };
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const rate = (o: Outcome) => o.completed / o.seconds;
    const ratios = a.map((o, i) => rate(o) / rate(b[i]));
    rows.push({
      name: `baseline: bare express + pg, ${shoppers} checkouts (${perOrder} INSERTs each)`,
      perSecond: median(b.map(rate)),
      note: `rounds ${b.map((o) => rate(o).toFixed(1)).join(", ")} orders/s; completed ${b.map((o) => o.completed).join(", ")}; ${statuses(b)}`,
    });
    rows.push({
      name: `checkout, ${shoppers} shoppers at once`,
      perSecond: median(a.map(rate)),
      note: `${median(ratios).toFixed(2)}× baseline orders/s; rounds ${a.map((o) => rate(o).toFixed(1)).join(", ")}; completed ${a.map((o) => o.completed).join(", ")}; ${statuses(a)}`,
    });
    // CPU per completed order, summed over the measured rounds: what a CPU-bound machine's orders/s follows.
    const cpuPerOrder = (os: Outcome[], key: "process" | "database" | "statements" | "notifies") =>
      os.reduce((n, o) => n + o.cpu[key], 0) /
      Math.max(
        1,
        os.reduce((n, o) => n + o.completed, 0),
      );
    for (const key of ["process", "database"] as const) {
      const [pb, pa] = [cpuPerOrder(b, key), cpuPerOrder(a, key)];
      rows.push({
        name: `CPU ms per order, ${key === "process" ? "server process" : "its PostgreSQL backends"}`,
        note: `${pa.toFixed(1)} (baseline ${pb.toFixed(1)}: ${(pa / pb).toFixed(2)}×)`,
      });
    }
    // What the CPU follows (bench/README.md, "Checkout: CPU per order"): every statement the process
    // sent, its read models' and pollers' included, over the completed orders.
    const [sb, sa] = [cpuPerOrder(b, "statements"), cpuPerOrder(a, "statements")];
    rows.push({
      name: "statements per order, server process",
      note: `${sa.toFixed(1)}, of which NOTIFY ${cpuPerOrder(a, "notifies").toFixed(1)} (baseline ${sb.toFixed(1)}: ${(sa / sb).toFixed(2)}×)`,
    });
    for (const step of STEPS) {
      const pb = percentiles(b.flatMap((o) => o.times[step]));
      const pa = percentiles(a.flatMap((o) => o.times[step]));
      rows.push({ name: `  baseline ${step}`, ...pb });
      rows.push({
        name: `  ${step}${step === "POST payment" && DOUBLE > 0 ? ` (1 in ${DOUBLE} double-submitted)` : ""}`,
        ...pa,
        note: `p99 ${(pa.p99 / pb.p99).toFixed(2)}× baseline; ${inserts[step]} events`,
      });
    }
    verdict = { fivexx: fivexx([warmup, ...a]), duplicates: logDuplicates + answerDuplicates };
    rows.push({ name: "5xx answers (goal 0, warm-up round included)", note: `${verdict.fivexx}` });
    rows.push({
      name: "duplicate orders (goal 0)",
      note: `${verdict.duplicates}: ${logDuplicates} extra OrderPlaced for one cart in the log, ${answerDuplicates} double submits answered two numbers`,
    });
    rows.push({
      name: "orders",
      note: `${placed} OrderPlaced in the log (warm-ups included), ${numbers.size} answered; read model ${caughtUp ? "caught up" : "NOT caught up"}: ${readModel.length} rows, ${readModelCarts.size} carts, ${missing} answered numbers missing`,
    });
    const failed = [warmup, ...a].flatMap((o) => o.failed);
    if (failed.length) console.info(`failed checkouts (${failed.length}):\n  ${failed.slice(0, 20).join("\n  ")}`);
  } finally {
    if (baseline?.connected) baseline.disconnect();
    await server?.stop();
    await database.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
  print(rows, shoppers, loads);
  if (verdict.fivexx > 0 || verdict.duplicates > 0) process.exitCode = 1;
}

function print(rows: Row[], shoppers: number, loads: number[]): void {
  const width = Math.max(...rows.map((r) => r.name.length));
  console.info(
    `\ncheckout: ${shoppers} shoppers at once, a warm-up round then ${ROUNDS} measured rounds; load average (1 min) ${loads.map((l) => l.toFixed(1)).join(" → ")}`,
  );
  console.info(
    `${"measurement".padEnd(width)}  ${"orders/s".padStart(8)}  ${"p50 ms".padStart(8)}  ${"p99 ms".padStart(8)}  note`,
  );
  for (const r of rows) {
    const rate = r.perSecond === undefined ? "" : r.perSecond.toFixed(1);
    const p50 = r.p50 === undefined ? "" : r.p50.toFixed(0);
    const p99 = r.p99 === undefined ? "" : r.p99.toFixed(0);
    console.info(
      `${r.name.padEnd(width)}  ${rate.padStart(8)}  ${p50.padStart(8)}  ${p99.padStart(8)}  ${r.note ?? ""}`,
    );
  }
}
