import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { allProjections, ProjectionRunner } from "@shop/projections";
import { campaignStream, discountUsesStream, type RecordedEvent } from "@shop/shared";
import { campaignDecider } from "../services/src/campaigns/campaign.ts";
import { createEventRegistry } from "../services/src/event-registry.ts";
import { createPostgresEventStore } from "../services/src/eventstore/postgres-event-store.ts";
import { runOpsInProcess } from "../services/src/ops/ops-cli-kit.ts";
import { readLedger } from "../services/src/payments/gateway-ledger.ts";
import { foldStream } from "../services/src/platform/command-handler.ts";
import { openDatabase, type DatabaseConnection } from "../services/src/platform/database.ts";
import { PROJECTION_LEADER_LOCK } from "../services/src/platform/leader-lock.ts";
import { spawnServer, type ServerProcess } from "../services/src/platform/server-process-kit.ts";
import { TestClient } from "../services/src/testing/http-client.ts";
import { compareTables, readAll, readTables } from "./crash.ts";

const SHOPPERS = Number(process.env.CRASH_SHOPPERS ?? 64);
const KILLS = Number(process.env.CRASH_KILLS ?? 8);
const BOOK = "10-1-201"; // SKU 101, 40 in stock in the demo: fewer than the shoppers, so some sell out
const BOOK_ID = 101;
const LIMITED = "ONCE"; // 100 uses, one per customer
const C = "/api/store/shop/checkout/";

/**
 * `npm run bench -- crash-checkout` (PostgreSQL, issue 23): 64 shoppers run the whole checkout (by
 * card or by check, some with the limited code ONCE, some with a gift to the Ark campaign) against a
 * server process that is SIGKILLed at random moments (8 times, CRASH_KILLS) and started again; a shopper
 * whose request died retries it, the payment with the same Idempotency-Key. Then, once the payment
 * reactor has settled every attempt: stock = start − sold, the code's uses = the orders that used it,
 * the campaign's total = start + card gifts, every gateway authorisation has one order or was voided,
 * every answered order exists once, `ops reconcile` finds 0 mismatches, and the read models equal a
 * fresh replay. Prints the counts; exits 1 on any mismatch.
 */
export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const port = await freePort();
  const env = {
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-crash-checkout-")),
    DEMO_DATA: "true",
    LOG_LEVEL: "error",
    PORT: String(port),
    RATE_LIMIT_MULTIPLIER: "10000",
  };
  let server: ServerProcess = await spawnServer(env, 60_000);
  const base = server.url;
  const database = await openDatabase({ url, schema, poolSize: 4 });
  const store = await createPostgresEventStore(database, createEventRegistry());
  let replayDatabase: DatabaseConnection | null = null;
  try {
    await ready(base);
    const bookStart = stockOf(await store.readStream(`sku-${BOOK_ID}`));
    const raisedStart = raisedOf(await store.readStream(campaignStream("ark-main")));
    // The demo's own orders (placed on a fresh demo shop) are not the run's: left out of every check.
    const demoOrders = (await readAll(store)).filter((e) => e.type === "OrderPlaced").map((e) => e.data as Placed);
    const demoNumbers = new Set(demoOrders.map((o) => o.number));
    const demoPayments = new Set(demoOrders.map((o) => o.payment.reference));

    // The shoppers, and the killer: KILLS SIGKILLs 1-3 s apart, each started again at once on the same
    // port; then the server stays up, and its reactor settles what the kills left.
    let restarting: Promise<void> | null = null;
    let kills = 0;
    const started = performance.now();
    const killer = (async () => {
      while (kills < KILLS) {
        await pause(1000 + Math.random() * 2000);
        kills++;
        console.info(`  kill ${kills} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
        server.child.kill("SIGKILL");
        restarting = (async () => {
          await server.exited;
          server = await spawnServer(env, 60_000);
        })();
        await restarting;
        restarting = null;
      }
    })();
    const outcomes = await Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shop(base, n, () => restarting)));
    await killer;
    const seconds = (performance.now() - started) / 1000;
    console.info(`  shoppers done after ${seconds.toFixed(1)} s; waiting for the reactor`);
    await ready(base);

    // The reactor settles what the kills left (its quiet time is 30 s, its sweep every 10 s).
    const settleStarted = Date.now();
    while ((await unsettled(database)) > 0 && Date.now() - settleStarted < 120_000) await pause(1000);
    const settledAfter = Math.round((Date.now() - settleStarted) / 1000);
    // The server stops (its mail sender and sweeps append too): the log's head is then final.
    await server.stop();
    const head = await store.head();
    const watcher = new ProjectionRunner({
      db: database.db,
      store,
      projections: allProjections,
      tryLeadership: async () => null,
    });
    const caughtUp = await watcher.waitFor(head, undefined, 120_000);
    await watcher.stop();

    const events = await readAll(store);
    const placed = events
      .filter((e) => e.type === "OrderPlaced")
      .map((e) => e.data as Placed)
      .filter((o) => !demoNumbers.has(o.number));
    const problems: string[] = [];
    const soldBooks = placed.reduce(
      (n, o) => n + (o.held?.stock ?? []).filter((s) => s.skuId === BOOK_ID).reduce((m, s) => m + s.quantity, 0),
      0,
    );
    const bookEnd = stockOf(await store.readStream(`sku-${BOOK_ID}`));
    if (bookEnd !== bookStart - soldBooks)
      problems.push(`stock of ${BOOK}: ${bookEnd}, expected ${bookStart} - ${soldBooks}`);
    const usesEvents = await store.readStream(discountUsesStream(LIMITED));
    const uses =
      usesEvents.filter((e) => e.type === "DiscountUseClaimed").length -
      usesEvents.filter((e) => e.type === "DiscountUseReleased").length;
    const usedBy = placed.filter((o) => o.discounts.some((d) => d.code === LIMITED)).length;
    if (uses !== usedBy) problems.push(`${LIMITED} uses: ${uses}, orders using it: ${usedBy}`);
    const cardGifts = placed
      .filter((o) => o.payment.status === "paid")
      .flatMap((o) => o.lines)
      .filter((l) => l.donation?.campaign === "ark-main")
      .reduce((n, l) => n + l.totalCents, 0);
    const raisedEnd = raisedOf(await store.readStream(campaignStream("ark-main")));
    if (raisedEnd !== raisedStart + cardGifts)
      problems.push(`ark-main raised ${raisedEnd}, expected ${raisedStart} + ${cardGifts}`);
    const ledger = await readLedger(database.db);
    const voided = new Set(ledger.filter((r) => r.kind === "void").map((r) => r.reference));
    const authorisations = ledger.filter((r) => r.kind === "authorise" && !demoPayments.has(r.reference));
    for (const a of authorisations) {
      const orders = placed.filter((o) => o.payment.reference === a.reference).length;
      if (!(orders === 1 || (orders === 0 && voided.has(a.reference))))
        problems.push(`authorisation ${a.reference}: ${orders} orders, voided ${voided.has(a.reference)}`);
    }
    const numbers = placed.map((o) => o.number);
    if (new Set(numbers).size !== numbers.length) problems.push("an order number placed twice");
    for (const o of outcomes)
      if (o.number && numbers.filter((n) => n === o.number).length !== 1)
        problems.push(`answered order ${o.number} not placed once`);
    const reconciled = await runOpsInProcess({ ...process.env, ...env, LOG_LEVEL: "silent" }, [
      "reconcile",
      "--settle",
      "0",
    ]);
    if (reconciled.code !== 0) problems.push(`ops reconcile: ${reconciled.stderr.trim() || reconciled.stdout.trim()}`);

    // A fresh replay of the same log into an empty schema, compared row for row.
    const live = await readTables(database);
    replayDatabase = await openDatabase({ url, schema: `${schema}_replay`, poolSize: 4 });
    // The keys personal data is sealed with live outside the log: the replay reads the live ones.
    for (const table of ["person_keys", "guest_persons", "site_keys"])
      await sql`CREATE TABLE ${sql.raw(`${schema}_replay.${table}`)} AS SELECT * FROM ${sql.raw(`${schema}.${table}`)}`.execute(
        replayDatabase.db,
      );
    const replayer = new ProjectionRunner({
      db: replayDatabase.db,
      store,
      projections: allProjections,
      tryLeadership: () => replayDatabase!.tryAdvisoryLock(PROJECTION_LEADER_LOCK),
    });
    await replayer.start();
    const replayed = await replayer.waitFor(head, undefined, 300_000);
    for (const f of await replayer.failures()) console.info(`  replay failure: ${JSON.stringify(f).slice(0, 400)}`);
    await replayer.stop();
    const tableMismatches = compareTables(live, await readTables(replayDatabase));
    const resumed = await database.db
      .selectFrom("payment_attempts")
      .select(["settled"])
      .where("resumed", "=", true)
      .execute();

    const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
    console.info(
      `crash-checkout: ${SHOPPERS} shoppers through the checkout in ${seconds.toFixed(1)} s; ${kills} SIGKILLs, each restarted`,
    );
    console.info(
      `  orders answered: ${count((o) => o.number !== null)} (card ${count((o) => o.number !== null && o.by === "card")}, check ${count((o) => o.number !== null && o.by === "check")}); refused: ${count((o) => o.refusal !== null)} (${[...new Set(outcomes.map((o) => o.refusal).filter(Boolean))].join(", ")}); retried requests: ${outcomes.reduce((n, o) => n + o.retries, 0)}`,
    );
    console.info(`  orders placed: ${placed.length}; authorisations: ${authorisations.length}, voided: ${voided.size}`);
    console.info(
      `  attempts settled by the reactor: ${resumed.length} (finished ${resumed.filter((r) => r.settled === "finished").length}, undone ${resumed.filter((r) => r.settled === "undone").length}); all settled ${settledAfter} s after the last kill`,
    );
    console.info(
      `  ${BOOK}: ${bookStart} -> ${bookEnd} (sold ${soldBooks}); ${LIMITED} uses ${uses}; ark-main raised +${raisedEnd - raisedStart} cents`,
    );
    console.info(`  ops reconcile: ${reconciled.stdout.trim() || reconciled.stderr.trim().split("\n").at(-1)}`);
    console.info(
      `  read models caught up: ${caughtUp}; replay finished: ${replayed}; rows differing from a fresh replay: ${tableMismatches.length}`,
    );
    for (const line of [...problems, ...tableMismatches.slice(0, 20)]) console.info(`  mismatch: ${line}`);
    console.info(`mismatches: ${problems.length + tableMismatches.length} (must be 0)`);
    if (problems.length || tableMismatches.length || !caughtUp || !replayed || kills < 5) process.exitCode = 1;
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop("SIGKILL");
    await replayDatabase?.close();
    await store.close();
    await database.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema}_replay CASCADE`);
    await admin.end();
  }
}

type Placed = {
  number: string;
  lines: Array<{ totalCents: number; donation: { campaign: string | null } | null }>;
  discounts: Array<{ code: string }>;
  payment: { status: string; reference: string | null };
  held?: { stock: Array<{ skuId: number; quantity: number }> };
};
type Outcome = { number: string | null; refusal: string | null; by: "card" | "check"; retries: number };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function ready(base: string) {
  for (const started = Date.now(); Date.now() - started < 60_000; await pause(200))
    if ((await fetch(`${base}/readyz`).catch(() => null))?.status === 200) return;
  throw new Error("the server did not get ready");
}

async function unsettled(database: DatabaseConnection): Promise<number> {
  const rows = await database.db
    .selectFrom("payment_attempts")
    .select("attempt_id")
    .where("settled", "is", null)
    .execute();
  return rows.length;
}

const stockOf = (events: RecordedEvent[]) =>
  (events.filter((e) => e.type === "SkuStockChanged").at(-1)?.data as { stock: number } | undefined)?.stock ??
  (events.find((e) => e.type === "SkuCreated")?.data as { stock?: number } | undefined)?.stock ??
  0;
const raisedOf = (events: RecordedEvent[]) => {
  const state = foldStream(campaignDecider, events);
  return state.exists ? state.raisedCents : 0;
};

/**
 * One shopper's checkout. A request that gets no answer (the process died under it) or a 5xx is sent
 * again once the server is back: steps are safe to repeat, and the payment carries its Idempotency-Key.
 */
async function shop(base: string, n: number, restarting: () => Promise<void> | null): Promise<Outcome> {
  const shopper = new TestClient(base);
  const by = n % 3 === 2 ? "check" : "card";
  const email = `shopper${n}@example.org`;
  let retries = 0;
  const send = async (method: "GET" | "POST", path: string, body?: unknown, headers?: Record<string, string>) => {
    for (let tries = 0; tries < 300; tries++) {
      await restarting();
      const answer = await shopper.request(method, path, body, headers).catch(() => null);
      if (answer && answer.status < 500 && answer.json?.metadata?.code !== "CHECKOUT_IN_PROGRESS") return answer;
      retries++;
      await pause(300 + Math.random() * 500);
    }
    throw new Error(`shopper ${n}: ${path} never answered`);
  };
  const outcome = (number: string | null, refusal: string | null): Outcome => ({ number, refusal, by, retries });
  await send("GET", `/api/store/shop/add-to-cart/?${BOOK}=1${n % 2 === 0 ? "&Ark=15" : ""}`);
  if (n % 4 === 1)
    await send("GET", `/api/store/shop/apply-discounts/?discounts=${encodeURIComponent(`["${LIMITED}"]`)}`);
  const billing = {
    first_name: "Shopper",
    last_name: `No${n}`,
    street1: "1 Ark Way",
    street2: "",
    city: "Petersburg",
    state: "KY",
    postal_code: "41080",
    country: "US",
    email,
    org_name: "",
  };
  const info = await send("POST", `${C}info/`, billing);
  if (info.status !== 200) return outcome(null, String(info.json?.metadata?.code ?? info.status));
  const delivery = await send("POST", `${C}delivery/`, {
    ...Object.fromEntries(
      Object.entries(billing)
        .filter(([k]) => k !== "email" && k !== "org_name")
        .map(([k, v]) => [`ship_${k}`, v]),
    ),
    digital_email: email,
  });
  if (delivery.json?.step === 3) await send("POST", `${C}shipping/`, { shipping_method: "standard" });
  const payment =
    by === "card"
      ? {
          payment_type: "card",
          card_number: "4242 4242 4242 4242",
          exp_month: "12",
          exp_year: String(new Date().getUTCFullYear() + 2),
          cvv: "123",
          name_on_card: `Shopper ${n}`,
        }
      : { payment_type: "check" };
  const paid = await send("POST", `${C}payment/`, payment, {
    "Idempotency-Key": `crash-${n}-${randomBytes(4).toString("hex")}`,
  });
  if (paid.status === 200 && paid.json?.order?.number) return outcome(String(paid.json.order.number), null);
  return outcome(null, String(paid.json?.metadata?.code ?? paid.status));
}
