import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { spawnServer, type ServerProcess } from "../services/src/platform/server-process-kit.ts";
import { startDatabaseProxy } from "../services/src/testing/database-proxy.ts";
import { TestClient } from "../services/src/testing/http-client.ts";

const CLIENTS = 32;
const BASELINE_MS = 5000;
const OUTAGE_MS = Number(process.env.DB_OUTAGE_MS ?? 3000);

/**
 * `npm run bench -- db-restart [--real-restart]` (PostgreSQL, issue 23 point 4): 32 clients send a mix
 * of writes (add to cart, sign up) and reads to a server process. First 5 s with nothing wrong (the
 * baseline), then the database goes away twice for 3 s (the server reaches it through a proxy that
 * cuts every connection, as a restart does; `--real-restart` restarts the cluster with pg_ctlcluster
 * instead, which disturbs every other user of it) and once every backend of the server is terminated.
 * Prints the longest time without any 2xx answer, the 5xx answers by status (only 503 may appear),
 * and acknowledged writes that are missing afterwards (must be 0).
 */
export async function run(args: string[]): Promise<void> {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const realRestart = args.includes("--real-restart");
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const proxy = await startDatabaseProxy(url);
  const server = await spawnServer({
    DATABASE_URL: realRestart ? url : proxy.url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-db-restart-")),
    DEMO_DATA: "true",
    LOG_LEVEL: "error",
    RATE_LIMIT_MULTIPLIER: "10000",
  });
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await ready(server);
    const load = startLoad(server.url);
    await pause(BASELINE_MS);
    const baseline = load.snapshot();
    const outage = async () => {
      if (realRestart)
        execFileSync("sh", ["-c", "pg_ctlcluster $(pg_lsclusters -h | awk 'NR==1{print $1, $2}') restart"]);
      else {
        await proxy.down();
        await pause(OUTAGE_MS);
        await proxy.up();
      }
    };
    await outage();
    await pause(3000);
    await outage();
    await pause(3000);
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()",
      [`shop:${schema}`],
    );
    await pause(5000);
    const result = await load.stop();
    const lost = await lostWrites(server.url, result.acknowledged);
    const perSecond = (n: number, ms: number) => Math.round((n * 1000) / ms);
    console.log(
      `db-restart: ${CLIENTS} clients, ${realRestart ? "pg_ctlcluster restart" : `proxy outages of ${OUTAGE_MS} ms`} x2, backends terminated x1`,
    );
    console.log(`  baseline (no faults, ${BASELINE_MS} ms): ${perSecond(baseline.ok, BASELINE_MS)} 2xx answers/s`);
    console.log(
      `  answers: ${result.total} (${result.ok} 2xx, ${result.clientErrors} 4xx), 5xx by status: ${JSON.stringify(result.serverErrors)}`,
    );
    console.log(`  no answer at all (connection failed or hung past 15 s): ${result.noAnswer}`);
    console.log(`  longest time without a 2xx answer: ${result.longestGapMs} ms (outage ${OUTAGE_MS} ms)`);
    console.log(`  acknowledged writes: ${result.acknowledged.length}, lost: ${lost}`);
    const other5xx = Object.keys(result.serverErrors).filter((s) => s !== "503").length;
    console.log(`  server process still running: ${server.child.exitCode === null ? "yes" : "no"}`);
    if (other5xx || lost || result.noAnswer || server.child.exitCode !== null) process.exitCode = 1;
  } finally {
    await admin.end();
    await server.stop();
    await proxy.close();
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await cleanup.end();
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ready(server: ServerProcess) {
  for (const started = Date.now(); Date.now() - started < 60_000; await pause(200))
    if ((await fetch(`${server.url}/readyz`).catch(() => null))?.status === 200) return;
  throw new Error(`the server did not get ready:\n${server.output()}`);
}

type Ack = { kind: "cart"; cookie: string; quantity: number } | { kind: "signup"; email: string; password: string };

function startLoad(baseUrl: string) {
  let running = true;
  const okTimes: number[] = [];
  const counts = { total: 0, ok: 0, clientErrors: 0, noAnswer: 0, serverErrors: {} as Record<string, number> };
  const acknowledged: Ack[] = [];
  const started = Date.now();
  const timed = async (send: () => Promise<{ status: number }>) => {
    const answer = await Promise.race([send(), pause(15_000).then(() => null)]).catch(() => null);
    counts.total++;
    if (!answer) return void counts.noAnswer++;
    if (answer.status < 300) {
      counts.ok++;
      okTimes.push(Date.now());
    } else if (answer.status < 500) counts.clientErrors++;
    else counts.serverErrors[answer.status] = (counts.serverErrors[answer.status] ?? 0) + 1;
    return answer;
  };
  const client = async (n: number) => {
    const visitor = new TestClient(baseUrl);
    let inCart = 0;
    for (let i = 0; running; i++) {
      if (n % 4 === 0 && i % 5 === 0) {
        const email = `bench-${n}-${i}-${randomBytes(3).toString("hex")}@example.org`;
        const answer = await timed(() =>
          new TestClient(baseUrl).post("/api/account/signup/", {
            name: "Bench",
            email,
            password: "correct horse battery",
          }),
        );
        if (answer?.status === 200) acknowledged.push({ kind: "signup", email, password: "correct horse battery" });
      } else if (i % 2 === 0) {
        const answer = await timed(() => visitor.get("/api/store/shop/add-to-cart/?10-1-201=1"));
        if (answer?.status === 200)
          acknowledged.push({ kind: "cart", cookie: visitor.cookieHeader, quantity: ++inCart });
      } else await timed(() => visitor.get("/api/store/campaign-status/?campaign=ark-main"));
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  const longestGap = () => {
    let gap = 0;
    let last = started;
    for (const t of okTimes) {
      gap = Math.max(gap, t - last);
      last = t;
    }
    return gap;
  };
  return {
    snapshot: () => ({ ...counts }),
    async stop() {
      running = false;
      await Promise.all(clients);
      return { ...counts, acknowledged, longestGapMs: longestGap() };
    },
  };
}

/** Acknowledged writes that are not there: a cart holding fewer than it was answered with, a sign-up that cannot sign in. */
async function lostWrites(baseUrl: string, acknowledged: Ack[]): Promise<number> {
  let lost = 0;
  const highest = new Map<string, number>();
  for (const ack of acknowledged) {
    if (ack.kind === "cart") highest.set(ack.cookie, Math.max(highest.get(ack.cookie) ?? 0, ack.quantity));
  }
  for (const [cookie, quantity] of highest) {
    const cart = await fetch(`${baseUrl}/api/store/shop/full-cart/`, { headers: { cookie } }).then((r) => r.json());
    const held = cart.items?.find((i: { sku_code: string }) => i.sku_code === "10-1-201")?.quantity ?? 0;
    if (held < quantity) {
      lost++;
      if (process.env.BENCH_DEBUG)
        console.log("cart short", { held, quantity, items: cart.items?.length, meta: cart.metadata });
    }
  }
  for (const ack of acknowledged) {
    if (ack.kind !== "signup") continue;
    const login = await new TestClient(baseUrl).post("/api/account/login/", {
      email: ack.email,
      password: ack.password,
    });
    if (login.status !== 200) {
      lost++;
      if (process.env.BENCH_DEBUG) console.log("sign-up missing", login.status, JSON.stringify(login.json?.metadata));
    }
  }
  return lost;
}
