import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { loadavg } from "node:os";
import { sql } from "kysely";
import pg from "pg";
import { campaignStream } from "@shop/shared";
import { CHECKOUT_CATALOG } from "../services/src/checkout/checkout-fixtures.ts";
import { createEventRegistry } from "../services/src/event-registry.ts";
import { createPostgresEventStore } from "../services/src/eventstore/postgres-event-store.ts";
import { readLedger } from "../services/src/payments/gateway-ledger.ts";
import { openDatabase, type DatabaseConnection } from "../services/src/platform/database.ts";
import { spawnServer, type ServerProcess } from "../services/src/platform/server-process-kit.ts";
import { freshSchemaServer } from "./bench-kit.ts";
import { openFileLimit, startNginx } from "./giving-day-proxy.ts";
import { runPhase, type Phase } from "./giving-day-phase.ts";

/** Ports of this bench: the proxy, then the app processes and their metrics on free ports of the block after it. */
const PROXY_PORT = Number(process.env.BENCH_PROXY_PORT ?? 44100);
const LAST_PORT = PROXY_PORT + 99;
export const CAMPAIGN = "ark-main"; // the campaign the general donation (GIFT) gives to

export interface AppProcess {
  index: number;
  server: ServerProcess;
  url: string;
  metricsUrl: string;
}

/**
 * `npm run bench -- giving-day [sockets] [donors/s] [seconds] [processes]` (PostgreSQL, nginx): a giving
 * day on one machine as it would run on several. For each process count (1,2,4) a fresh set of app
 * processes on one schema behind nginx (sticky sockets), `sockets` (20,000) `/public` sockets watching the
 * campaign, `donors/s` (200) donors giving through the one-page donation and every tenth through the
 * four-step checkout, and shoppers browsing and searching, for `seconds` (15). In the largest set, the
 * projection leader is SIGKILLed halfway. Then every acknowledged gift is checked against the log, the
 * read model and the test gateway's ledger. Figures per process count: gifts/s, checkout p99, thermometer
 * push p99 to every socket, pages/s, from the bench's clocks and from each process's /metrics.
 */
export async function run(args: string[]): Promise<void> {
  const sockets = Number(args[0] ?? process.env.BENCH_SOCKETS ?? 20_000);
  const donorsPerSecond = Number(args[1] ?? process.env.BENCH_DONORS ?? 200);
  const seconds = Number(args[2] ?? process.env.BENCH_SECONDS ?? 15);
  const counts = (args[3] ?? process.env.BENCH_PROCESSES ?? "1,2,4").split(",").map(Number);
  const fileLimit = raiseOpenFileLimit(4 * sockets + 10_000);
  // One app process holds one descriptor per socket, and a few hundred besides (database, files).
  const perProcessSockets = fileLimit - 1500;
  const { url, schema, env } = freshSchemaServer("giving-day", {
    RATE_LIMIT_MULTIPLIER: "10000",
    PAYMENT_GATEWAY: "test",
    LOG_LEVEL: "warn",
    // 4 processes × (12 + 2) stay well inside a shared server's max_connections of 100.
    DATABASE_POOL_SIZE: "12",
  });
  const loads = [loadavg()[0]];
  const phases: Phase[] = [];
  let database: DatabaseConnection | null = null;
  let processes: AppProcess[] = [];
  let verdict = { problems: ["not run"] as string[], lines: [] as string[] };
  try {
    for (const [k, count] of counts.entries()) {
      console.info(`\n${count} process${count > 1 ? "es" : ""}: starting…`);
      processes = await startProcesses(env, count);
      if (!database) {
        database = await openDatabase({ url, schema, poolSize: 4 });
        await seed(database, processes[0].url);
      }
      const proxy = await startNginx(
        PROXY_PORT,
        processes.map((p) => new URL(p.url).host),
      );
      try {
        const kill = k === counts.length - 1 && count > 1;
        const watching = Math.min(sockets, count * perProcessSockets);
        if (watching < sockets)
          console.info(
            `  ${watching} sockets, not ${sockets}: ${count} process(es) at ${fileLimit} open files each (ulimit -n)`,
          );
        phases.push(
          await runPhase({
            processes,
            proxyUrl: proxy.url,
            database,
            sockets: watching,
            donorsPerSecond,
            seconds,
            kill,
          }),
        );
        loads.push(loadavg()[0]);
        print(phases.slice(-1), { sockets, donorsPerSecond, seconds, loads });
        if (k === counts.length - 1) verdict = await verifyRetrying(database, phases, processes);
      } finally {
        await proxy.stop();
        await stopAll(processes);
        processes = [];
      }
    }
  } finally {
    await stopAll(processes);
    await database?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // BENCH_KEEP=1 keeps the schema (its log, read models and the gateway's ledger) to look into a problem.
    if (process.env.BENCH_KEEP) console.info(`kept schema ${schema}`);
    else await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
  print(phases, { sockets, donorsPerSecond, seconds, loads });
  for (const line of verdict.lines) console.info(line);
  for (const p of verdict.problems) console.info(`  PROBLEM: ${p}`);
  console.info(`problems: ${verdict.problems.length} (must be 0)`);
  if (verdict.problems.length) process.exitCode = 1;
}

/**
 * 20,000 sockets hold 20,000 descriptors in one app process and twice that in nginx: raise this process's
 * limit, which its children inherit (root with CAP_SYS_RESOURCE may pass the hard limit). Answers the limit.
 */
function raiseOpenFileLimit(wanted: number): number {
  try {
    execFileSync("prlimit", ["--pid", String(process.pid), `--nofile=${wanted}:${wanted}`], { stdio: "ignore" });
  } catch {
    const hard = Number(execFileSync("sh", ["-c", "ulimit -Hn"]).toString().trim());
    if (hard > openFileLimit())
      execFileSync("prlimit", ["--pid", String(process.pid), `--nofile=${hard}:${hard}`], { stdio: "ignore" });
  }
  return openFileLimit();
}

async function startProcesses(env: Record<string, string>, count: number): Promise<AppProcess[]> {
  // One after the other: they would only queue on the start-up migration lock.
  const out: AppProcess[] = [];
  const taken = new Set<number>([PROXY_PORT]);
  for (let i = 0; i < count; i++) {
    const port = await freePortIn(taken);
    const metrics = await freePortIn(taken);
    const server = await spawnServer({ ...env, PORT: String(port), METRICS_PORT: String(metrics) }, 120_000);
    out.push({ index: i, server, url: server.url, metricsUrl: `http://127.0.0.1:${metrics}/metrics` });
  }
  for (const p of out) await readyz(p.url);
  return out;
}

/**
 * SIGTERM, then SIGKILL after 20 s: a process closing 18,000 sockets stayed busy for minutes (its own
 * 10 s exit timer could not fire), and the next set must start.
 */
/**
 * A free port of the bench's block. The block lies inside the kernel's ephemeral range, so after tens of
 * thousands of connections one of its ports may be some connection's local end for a while (EADDRINUSE).
 */
async function freePortIn(taken: Set<number>): Promise<number> {
  for (let port = PROXY_PORT + 1; port <= LAST_PORT; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once("error", () => resolve(false))
        .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PROXY_PORT + 1}-${LAST_PORT}`);
}

async function stopAll(processes: AppProcess[]) {
  await Promise.all(
    processes
      .filter((p) => p.server.child.exitCode === null && p.server.child.signalCode === null)
      .map(async (p) => {
        const killer = setTimeout(() => {
          console.info(`  process ${p.index} still closing 20 s after SIGTERM: SIGKILL`);
          p.server.child.kill("SIGKILL");
        }, 20_000);
        await p.server.stop();
        clearTimeout(killer);
      }),
  );
}

export async function readyz(base: string, timeoutMs = 120_000) {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 200)))
    if ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200) return;
  throw new Error(`${base} did not get ready`);
}

/** The catalog of the checkout tests (books, a download, the general donation) and the campaign it gives to. */
async function seed(database: DatabaseConnection, base: string) {
  const store = await createPostgresEventStore(database, createEventRegistry());
  const given = [
    ...CHECKOUT_CATALOG,
    {
      streamId: campaignStream(CAMPAIGN),
      type: "CampaignCreated",
      data: {
        id: 1,
        slug: CAMPAIGN,
        name: "Giving Day",
        goalCents: 1_000_000_000,
        startsAt: null,
        endsAt: null,
        createdAt: new Date().toISOString(),
      },
    },
  ];
  for (const g of given) await store.append(g.streamId, [{ type: g.type, data: g.data }]);
  await store.close();
  for (let tries = 0; tries < 300; tries++) {
    const res = await fetch(`${base}/api/store/campaign-status/?campaign=${CAMPAIGN}`).catch(() => null);
    const sku = await fetch(`${base}/api/store/products/?count=24`).catch(() => null);
    if (res?.ok && sku?.ok && ((await sku.json()) as { count?: number }).count) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the campaign and catalog were not projected");
}

/** The database is shared (other runs, max_connections): a refused connection is tried again, three times. */
async function verifyRetrying(database: DatabaseConnection, phases: Phase[], processes: AppProcess[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await verify(database, phases, processes);
    } catch (error) {
      if (attempt >= 3) return { problems: [`could not check: ${(error as Error).message}`], lines: [] };
      console.info(`  checking failed (${(error as Error).message}); again in 5 s`);
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
}

type Placed = { number: string; payment: { status: string; reference: string | null }; totals: { totalCents: number } };

/**
 * Every acknowledged gift once in the log and in the orders read model; the gateway's ledger charged what
 * the log's orders say, once per order; the campaign's total in the log equals the gifts placed.
 */
async function verify(database: DatabaseConnection, phases: Phase[], processes: AppProcess[]) {
  const problems: string[] = [];
  // The reactor settles what the kill left (its quiet time is 30 s): wait for it before counting money.
  const settleStarted = Date.now();
  const unsettled = async () =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*)::text AS n FROM payment_attempts WHERE settled IS NULL`.execute(
          database.db,
        )
      ).rows[0].n,
    );
  while ((await unsettled()) > 0 && Date.now() - settleStarted < 120_000) await new Promise((r) => setTimeout(r, 1000));
  const left = await unsettled();
  if (left > 0) problems.push(`${left} payment attempts still unsettled after 120 s`);
  const settledAfter = Math.round((Date.now() - settleStarted) / 1000);

  const placed = (
    await sql<{ data: Placed }>`SELECT data FROM events WHERE type = 'OrderPlaced' ORDER BY global_position`.execute(
      database.db,
    )
  ).rows.map((r) => r.data);
  const placedCount = new Map<string, number>();
  for (const o of placed) placedCount.set(o.number, (placedCount.get(o.number) ?? 0) + 1);
  // The read model caught up with the log's head (the survivors' leader projects it).
  const head = Number(
    (await sql<{ n: string }>`SELECT coalesce(max(global_position), 0)::text AS n FROM events`.execute(database.db))
      .rows[0].n,
  );
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 250))) {
    const { rows } = await sql<{ n: string }>`SELECT min(position_minor)::text AS n FROM projection_checkpoints
      WHERE name IN ('orders', 'campaigns')`.execute(database.db);
    if (Number(rows[0].n) >= head) break;
  }
  const readModel = new Set((await database.db.selectFrom("orders").select("number").execute()).map((r) => r.number));
  const acked = phases.flatMap((p) => p.acked);
  let lost = 0;
  let notInReadModel = 0;
  for (const a of acked) {
    if (placedCount.get(a.number) !== 1) lost++;
    if (!readModel.has(a.number)) notInReadModel++;
  }
  if (lost) problems.push(`${lost} acknowledged gifts not placed exactly once in the log`);
  if (notInReadModel) problems.push(`${notInReadModel} acknowledged gifts missing from the orders read model`);
  const ackedSet = new Set(acked.map((a) => a.number));
  if (ackedSet.size !== acked.length) problems.push("one order number acknowledged to two donors");

  // The gateway's books against the orders: each paid order's reference captured its total once.
  const ledger = await readLedger(database.db);
  const byReference = new Map<string, { authorised: number; captured: number; voided: boolean; refunded: number }>();
  for (const r of ledger) {
    const c = byReference.get(r.reference) ?? { authorised: 0, captured: 0, voided: false, refunded: 0 };
    if (r.kind === "authorise") c.authorised += r.amount_cents;
    if (r.kind === "capture") c.captured += r.amount_cents;
    if (r.kind === "refund") c.refunded += r.amount_cents;
    if (r.kind === "void") c.voided = true;
    byReference.set(r.reference, c);
  }
  const paid = placed.filter((o) => o.payment.status === "paid");
  const ordersOf = new Map<string, number>();
  for (const o of paid) ordersOf.set(o.payment.reference ?? "", (ordersOf.get(o.payment.reference ?? "") ?? 0) + 1);
  let doubleCharges = 0;
  let chargedWithoutOrder = 0;
  for (const [reference, c] of byReference) {
    const orders = ordersOf.get(reference) ?? 0;
    if (orders > 1 || c.captured > c.authorised) doubleCharges++;
    if (orders === 0 && c.captured - c.refunded > 0) chargedWithoutOrder++;
  }
  for (const o of paid) {
    const c = byReference.get(o.payment.reference ?? "");
    if (!c || c.captured !== o.totals.totalCents) doubleCharges += c && c.captured > o.totals.totalCents ? 1 : 0;
  }
  const capturedTotal = [...byReference.values()].reduce((n, c) => n + c.captured - c.refunded, 0);
  const paidTotal = paid.reduce((n, o) => n + o.totals.totalCents, 0);
  if (doubleCharges) problems.push(`${doubleCharges} charges captured more than their one order`);
  if (chargedWithoutOrder) problems.push(`${chargedWithoutOrder} captured charges without an order`);
  if (capturedTotal !== paidTotal) problems.push(`gateway captured ${capturedTotal} cents, paid orders ${paidTotal}`);
  // Each paid order whose charge does not hold exactly its total, with the gateway's movements: what to look at.
  const uneven = paid.filter((o) => {
    const c = byReference.get(o.payment.reference ?? "");
    return !c || c.captured - c.refunded !== o.totals.totalCents;
  });
  for (const o of uneven.slice(0, 10)) {
    const c = byReference.get(o.payment.reference ?? "");
    problems.push(
      `paid order ${o.number} (${o.totals.totalCents} cents, ${o.payment.reference}): ${c ? `authorised ${c.authorised}, captured ${c.captured}, refunded ${c.refunded}${c.voided ? ", voided" : ""}` : "no movement at the gateway"}`,
    );
  }
  const { rows: raised } = await sql<{ raised: string }>`SELECT (data->>'raisedCents') AS raised FROM events
    WHERE stream_id = ${campaignStream(CAMPAIGN)} ORDER BY global_position DESC LIMIT 1`.execute(database.db);
  if (Number(raised[0]?.raised ?? 0) !== paidTotal)
    problems.push(`campaign raised ${raised[0]?.raised} cents in the log, paid gifts ${paidTotal}`);
  void processes;
  const lines = [
    `\nchecks over every phase: ${acked.length} gifts acknowledged, ${placed.length} orders placed (${placed.length - acked.length} placed whose answer the donor never got), ${byReference.size} gateway authorisations, ${[...byReference.values()].filter((c) => c.voided).length} voided; payment attempts all settled ${settledAfter} s after the run`,
    `  lost acknowledged writes: ${lost} (log), ${notInReadModel} (read model); double charges: ${doubleCharges}; charged without an order: ${chargedWithoutOrder}; captured ${capturedTotal} = paid ${paidTotal} = campaign ${raised[0]?.raised} cents`,
  ];
  return { problems, lines };
}

function print(phases: Phase[], o: { sockets: number; donorsPerSecond: number; seconds: number; loads: number[] }) {
  console.info(
    `\ngiving-day: ${o.sockets} /public sockets, ${o.donorsPerSecond} donors/s offered for ${o.seconds} s per process count; load average (1 min) ${o.loads.map((l) => l.toFixed(1)).join(" → ")}`,
  );
  const header = [
    "processes",
    "sockets",
    "gifts/s",
    "gift p50/p99 ms",
    "4-step p99 ms",
    "push p50/p99 ms (all sockets)",
    "push p99 /metrics",
    "pages/s",
    "page p99 ms",
    "5xx",
  ];
  const rows = phases.map((p) => [
    String(p.processes),
    p.sockets.toLocaleString("en-US"),
    p.giftsPerSecond.toFixed(1),
    `${p.gift.p50.toFixed(0)} / ${p.gift.p99.toFixed(0)}`,
    p.fourStep.p99.toFixed(0),
    `${p.push.p50.toFixed(0)} / ${p.push.p99.toFixed(0)}`,
    `${(p.metrics.pushP99 * 1000).toFixed(0)}`,
    p.pagesPerSecond.toFixed(1),
    p.page.p99.toFixed(0),
    String(p.fivexx),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.info(line(header));
  console.info(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.info(line(r));
  for (const p of phases) for (const note of p.notes) console.info(`  ${p.processes}: ${note}`);
}
