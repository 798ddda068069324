import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { allProjections } from "@shop/projections";
import { comparePositions, START } from "@shop/shared";
import { ConfigSchema, type Config } from "../services/src/platform/config.ts";
import { REPO_ROOT, startServer, type RunningServer } from "../services/src/server.ts";
import { dropSchema } from "../services/src/testing/test-database.ts";
import { TestClient } from "../services/src/testing/http-client.ts";
import { templateHistory, writeCopies } from "./replay-events.ts";
import { sampleBackends, writeFloor } from "./replay-floor.ts";

/**
 * `ops replay --all` on PostgreSQL over a large log (1,000,000 events by default) while a server keeps
 * serving reads: events/s and peak RSS of the replay, next to the rate of reading the log alone
 * (readAll, decoding included) measured in the same run; and every answer readers got during the
 * replay, counted as wrong when it was empty, missing or differed from the answer before the replay.
 */
export async function run(argv: string[]): Promise<void> {
  const perModel = argv.includes("--per-model");
  const args = argv.filter((a) => a !== "--per-model");
  const total = Number(args[0] ?? process.env.BENCH_EVENTS ?? 1_000_000);
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const config = ConfigSchema.parse({
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-replay-")),
    DEMO_DATA: "false",
    LOG_LEVEL: "silent",
    PAYMENT_GATEWAY: "test",
  });
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.info(line);
  };
  try {
    // 1. One real history of every kind, through the API; then copies of it straight into the log.
    let server = await startServer(config, { serveFrontEnds: false });
    const template = await templateHistory(server);
    const signedIn = new TestClient(server.url);
    await signedIn.post("/api/account/login/", { email: "edna@example.org", password: "long enough" });
    const cookie = signedIn.cookieHeader;
    await server.close();
    const handled = new Set(allProjections.flatMap((p) => p.handles));
    const inTemplate = new Set(template.map((e) => e.type));
    say(
      `template: ${template.length} events of ${inTemplate.size} types; types read models handle but the template lacks: ${[...handled].filter((t) => !inTemplate.has(t)).join(", ") || "none"}`,
    );
    let started = performance.now();
    await writeCopies(url, schema, template, total, (n) => process.stdout.write(`\rwriting events: ${n}/${total}`));
    process.stdout.write("\n");
    say(`wrote ${total} events in ${seconds(started)} s (batched INSERT ... SELECT unnest, 5000 rows each)`);

    if (process.env.BENCH_KEEP) {
      say(`kept schema ${schema}`);
      return;
    }
    if (perModel) {
      await eachModelAlone(config, say);
      return;
    }

    // 2. A first replay with no server fills the read models, so the server below starts caught up.
    const first = await replayAll(config);

    // The physical limit: the least time PostgreSQL takes to write the rows the replay left.
    const floor = await writeFloor(url, schema, allProjections);

    // 3. Baseline: reading the whole log alone, decoding included, no projection.
    // No lock expires while it runs (the editors have no sockets open): the log stays still, so any
    // answer that differs from the one before the replay is stale or partial.
    const still = { expireAfterMs: 86_400_000, sweepEveryMs: 86_400_000 };
    server = await startServer(config, { serveFrontEnds: false, locks: still });
    started = performance.now();
    let read = 0;
    for (
      let page = await server.store.readAll(START, { limit: 2000 });
      page.length > 0;
      page = await server.store.readAll(page[page.length - 1].position, { limit: 2000 })
    )
      read += page.length;
    const readSeconds = (performance.now() - started) / 1000;
    const baseline = Math.round(read / readSeconds);
    say(
      `baseline: readAll over the whole log (${read} events, zod decoding, no projection): ${baseline} events/s, ${readSeconds.toFixed(1)} s`,
    );
    sayFloor(say, floor, readSeconds);
    say(
      `replay --all, no server running: ${first.rate} events/s (goal >= 0.5 of the readAll baseline: ${(first.rate / baseline).toFixed(2)}), wall ${first.wallSeconds} s, CPU ms: node ${first.nodeCpuMs}, PostgreSQL backends ${first.pgCpuMs}; peak RSS ${first.peakRssMb} MB`,
    );

    // 4. The measured replay while readers keep asking the server and its tables.
    const headBefore = await server.store.head();
    const readers = await startReaders(server, url, schema, cookie);
    const measured = await replayAll(config);
    await new Promise((r) => setTimeout(r, 300));
    const seen = await readers.stop();
    const logStill = comparePositions(headBefore, await server.store.head()) === 0;
    await server.close();
    say(
      `replay --all while the server serves reads: ${measured.rate} events/s (goal >= 0.3 of the readAll baseline: ${(measured.rate / baseline).toFixed(2)}), wall ${measured.wallSeconds} s, CPU ms: node ${measured.nodeCpuMs}, PostgreSQL backends ${measured.pgCpuMs} (the server's included); peak RSS ${measured.peakRssMb} MB`,
    );
    say(
      `readers during the replay: ${seen.answers} answers (${seen.http} over HTTP, ${seen.sql} SELECTs on ${seen.tables} read-model tables); empty or missing: ${seen.empty}; different from before (stale or partial): ${seen.different}; log unchanged meanwhile: ${logStill ? "yes" : "no"}`,
    );
    for (const example of seen.examples) say(`  e.g. ${example}`);
  } finally {
    if (!process.env.BENCH_KEEP) await dropSchema(url, schema);
  }
  console.info(`\n${lines.join("\n")}`);
}

/**
 * `--per-model`: what each read model costs alone. The log is read once without projecting (the
 * baseline), then each read model is rebuilt alone by `ops replay --projection NAME`.
 */
async function eachModelAlone(config: Config, say: (line: string) => void): Promise<void> {
  const server = await startServer(config, { serveFrontEnds: false });
  let read = 0;
  const started = performance.now();
  for (
    let page = await server.store.readAll(START, { limit: 2000 });
    page.length > 0;
    page = await server.store.readAll(page[page.length - 1].position, { limit: 2000 })
  )
    read += page.length;
  const baseline = Math.round(read / ((performance.now() - started) / 1000));
  await server.close();
  say(`baseline: readAll over the whole log (${read} events): ${baseline} events/s`);
  const rows: Array<[string, Awaited<ReturnType<typeof replayAll>>]> = [];
  for (const p of allProjections) rows.push([p.name, await replayAll(config, ["--projection", p.name])]);
  rows.sort((a, b) => a[1].rate - b[1].rate);
  say("read model, alone: rate, CPU ms of the replay process and of its PostgreSQL backends");
  for (const [name, r] of rows)
    say(
      `${name.padEnd(24)} ${String(r.rate).padStart(7)} events/s (${(r.rate / baseline).toFixed(2)} of readAll)  node ${r.nodeCpuMs}  PostgreSQL ${r.pgCpuMs}`,
    );
  const floor = await writeFloor(config.DATABASE_URL!, config.DATABASE_SCHEMA, allProjections);
  sayFloor(say, floor, read / baseline);
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

function sayFloor(say: (line: string) => void, floor: Awaited<ReturnType<typeof writeFloor>>, readSeconds: number) {
  const ratio = floor.seconds / readSeconds;
  say(
    `physical limit: writing the read models' ${floor.rows} final rows as they are (CREATE TABLE AS SELECT, then their indexes, 2 at a time): ${floor.seconds.toFixed(1)} s, PostgreSQL CPU ${floor.pgCpuMs} ms; ${ratio.toFixed(2)}x the readAll time (goal 0.5 needs a replay within 2x: ${ratio > 2 ? "NOT reachable on this machine by any projector" : "reachable as far as the writes go"})`,
  );
  say(
    `  heaviest: ${floor.perModel
      .slice(0, 6)
      .map((m) => `${m.name} ${(m.ms / 1000).toFixed(1)} s (${m.rows} rows)`)
      .join(", ")}`,
  );
}

/** Runs the operator CLI's replay as operators do, in its own process; reads its rate and peak RSS. */
async function replayAll(
  config: Config,
  which = ["--all"],
): Promise<{ rate: number; wallSeconds: string; peakRssMb: number; nodeCpuMs: number; pgCpuMs: number }> {
  const report = join(mkdtempSync(join(tmpdir(), "bench-rss-")), "report-rss.mjs");
  writeFileSync(
    report,
    `process.on("exit", () => { const u = process.resourceUsage(); process.stderr.write("BENCH_MAX_RSS_KB=" + u.maxRSS + " BENCH_CPU_US=" + (u.userCPUTime + u.systemCPUTime) + "\\n"); });\n`,
  );
  const env = {
    ...process.env,
    DATABASE_URL: config.DATABASE_URL,
    DATABASE_SCHEMA: config.DATABASE_SCHEMA,
    LOG_LEVEL: "silent",
  };
  const backends = sampleBackends(config.DATABASE_URL!, `shop:${config.DATABASE_SCHEMA}`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--import",
      pathToFileURL(report).href,
      join(REPO_ROOT, "services/src/ops/cli.ts"),
      "replay",
      ...which,
    ],
    { env, cwd: REPO_ROOT },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
    process.stdout.write(d);
  });
  child.stderr.on("data", (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const pgCpuMs = await backends.stop();
  if (code !== 0) throw new Error(`ops replay --all exited ${code}: ${stdout}\n${stderr}`);
  const m = /: replayed (\d+) events in ([\d.]+) s \((\d+) events\/s\)/.exec(stdout);
  const rss = /BENCH_MAX_RSS_KB=(\d+) BENCH_CPU_US=(\d+)/.exec(stderr);
  return {
    rate: m ? Number(m[3]) : 0,
    wallSeconds: seconds(started),
    peakRssMb: rss ? Math.round(Number(rss[1]) / 1024) : 0,
    nodeCpuMs: rss ? Math.round(Number(rss[2]) / 1000) : 0,
    pgCpuMs,
  };
}

/**
 * Readers as users are: one asks the server who is signed in (sessions and users), the other counts
 * each read-model table in turn on its own connection. Every answer is compared with the one before.
 */
async function startReaders(server: RunningServer, url: string, schema: string, cookie: string) {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const tables = allProjections.flatMap((p) => p.tables);
  const count = async (table: string) =>
    (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;
  const expected = new Map<string, number>();
  for (const table of tables) expected.set(table, await count(table));
  const me = async () => {
    const res = await fetch(`${server.url}/api/account/me/`, { headers: { cookie } });
    return `${res.status} ${JSON.stringify((await res.json()).user ?? null)}`;
  };
  const before = await me();
  if (!before.includes("edna@example.org")) throw new Error(`bench: the reader is not signed in: ${before}`);
  const seen = { answers: 0, http: 0, sql: 0, empty: 0, different: 0, examples: [] as string[] };
  const wrong = (what: string, empty: boolean) => {
    if (empty) seen.empty++;
    else seen.different++;
    if (seen.examples.length < 5) seen.examples.push(what);
  };
  let reading = true;
  const loops = [
    (async () => {
      for (let i = 0; reading; i++) {
        const table = tables[i % tables.length];
        try {
          const n = await count(table);
          if (n !== expected.get(table)) wrong(`${table}: ${n} rows, ${expected.get(table)} before`, n === 0);
        } catch (error) {
          wrong(`${table}: ${(error as Error).message}`, true);
        }
        seen.sql++;
        seen.answers++;
      }
    })(),
    (async () => {
      while (reading) {
        const answer = await me().catch((error: Error) => `error ${error.message}`);
        if (answer !== before) wrong(`/api/account/me/: ${answer}`, !answer.startsWith("200"));
        seen.http++;
        seen.answers++;
      }
    })(),
  ];
  return {
    async stop() {
      reading = false;
      await Promise.all(loops);
      await client.end();
      return { ...seen, tables: tables.length };
    },
  };
}
