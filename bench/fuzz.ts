import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { allProjections, readCheckpoints } from "@shop/projections";
import { comparePositions, START, type RecordedEvent } from "@shop/shared";
import { signedInClient } from "../services/src/testing/server-kit.ts";
import { ConfigSchema } from "../services/src/platform/config.ts";
import { concretePath, listAppRoutes, type AppRoute } from "../services/src/platform/http/route-list.ts";
import { createLogger } from "../services/src/platform/logger.ts";
import { startServer } from "../services/src/server.ts";
import { TestClient } from "../services/src/testing/http-client.ts";
import { fuzzRequests, schemasNaming, type Examples, type FuzzRequest, type Identity } from "./fuzz-requests.ts";

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const IN_FLIGHT = 8;

interface Answer {
  request: FuzzRequest;
  status: number;
  text: string;
}

/**
 * `npm run bench -- fuzz [seed]`: random and malformed requests against every route of the app (read
 * from its router), on PostgreSQL with the demo data. Counts 5xx answers (each printed with its
 * request and the server's stack) and events written by refused requests (tagged by X-Request-Id).
 */
export async function run(args: string[]): Promise<void> {
  const seed = Number(args[0] ?? process.env.FUZZ_SEED ?? randomInt(2 ** 31));
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const stacks = new Map<string, string>();
  const otherErrors: string[] = [];
  const log = createLogger("error", {
    write(line: string) {
      const {
        requestId,
        err,
        msg,
        level: _l,
        time: _t,
        pid: _p,
        hostname: _h,
        ...rest
      } = JSON.parse(line) as Record<string, any>;
      if (requestId) stacks.set(requestId, err?.stack ?? msg ?? line);
      else otherErrors.push(`${msg}: ${err?.message ?? ""} ${JSON.stringify(rest)}`.slice(0, 400)); // the projection runner's, for a stalled read model
    },
  });
  const config = ConfigSchema.parse({
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-fuzz-")),
    DEMO_DATA: "true",
    LOG_LEVEL: "error",
    PAYMENT_GATEWAY: "test", // on PostgreSQL cards are off unless a gateway is named
  });
  const server = await startServer(config, { serveFrontEnds: false, log });
  try {
    const routes = listAppRoutes(server.app);
    console.info(
      `fuzz: seed ${seed} (rerun: npm run bench -- fuzz ${seed}), ${REQUESTS} requests over ${routes.length} routes`,
    );
    const staff = (await signedInClient(server, "fuzz-staff@example.org", "Fuzz Staff")).client;
    const clients: Record<Identity, TestClient> = {
      staff,
      shopper: (await signedInClient(server, "fuzz-shopper@example.org", "Fuzz Shopper", false)).client,
      anonymous: new TestClient(server.url),
    };
    await clients.anonymous.get("/api/account/me/"); // its csrftoken cookie
    const fields = await probeFields(staff, routes);
    const schemasOf = (route: AppRoute) => schemasNaming(fields.get(`${route.method} ${route.path}`) ?? []);
    const examples = await learnExamples(staff, routes);
    const requests = fuzzRequests(routes, REQUESTS, seed, schemasOf, examples);
    // Generating blocks the event loop for seconds: let the keep-alive timers that expired meanwhile
    // close their sockets first, or the first request goes out on a socket the server is closing (ECONNRESET).
    await new Promise((resolve) => setTimeout(resolve, 100));
    console.info(
      `request schemas matched to ${routes.filter((r) => schemasOf(r).length).length} of ${fields.size} unsafe routes by their answer to an empty body; example values learnt for ${examples.size} field names`,
    );

    const answers = new Map<string, Answer>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const i = next++;
        const request = requests[i];
        // Signing out would end the session the other requests use: that route gets a session of its own.
        const client =
          request.route.path === "/api/account/logout/" && request.identity !== "anonymous"
            ? await freshSession(server.url, request.identity)
            : clients[request.identity];
        const id = `fuzz-${seed}-${i}`;
        answers.set(id, { request, ...(await send(server.url, client, request, id)) });
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (performance.now() - started) / 1000;

    // An accepted write that its read model cannot apply stalls the read side: a fault as bad as a 5xx.
    const head = await server.store.head();
    const behind = [];
    for (const p of allProjections) if (!(await server.runner.waitFor(head, [p.name], 10_000))) behind.push(p.name);

    const failures = [...answers].filter(([, a]) => a.status >= 500);
    const refused = new Set([...answers].filter(([, a]) => a.status >= 400).map(([id]) => id));
    const events = await readAll(server);
    const fromFuzz = events.filter((e) => e.metadata.requestId?.startsWith(`fuzz-${seed}-`)).length;
    const fromRefused = events.filter((e) => e.metadata.requestId && refused.has(e.metadata.requestId));
    const byStatus = new Map<number, number>();
    for (const a of answers.values()) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);

    for (const [id, a] of failures) {
      console.info(
        `\n5xx ${a.status} ${a.request.route.method} ${a.request.route.path} (${id}, ${a.request.identity}${a.request.csrf ? "" : ", no CSRF header"})`,
      );
      console.info(
        `  request: ${a.request.route.method} ${a.request.path} content-type=${a.request.contentType ?? "-"} body=${(a.request.body ?? "").slice(0, 300)}`,
      );
      console.info(`  answer: ${a.text.slice(0, 300)}`);
      console.info(`  stack: ${(stacks.get(id) ?? "(none logged)").split("\n").slice(0, 8).join("\n    ")}`);
    }
    for (const e of fromRefused) {
      const a = answers.get(e.metadata.requestId!)!;
      console.info(
        `\nevent ${e.type} on ${e.streamId} written by refused request ${e.metadata.requestId}: ${a.status} ${a.request.route.method} ${a.request.path} body=${(a.request.body ?? "").slice(0, 300)}`,
      );
    }
    console.info(`\nseed ${seed}: ${answers.size} requests over ${routes.length} routes in ${seconds.toFixed(1)} s`);
    console.info(
      `answers by status: ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(", ")}`,
    );
    const writes = [...answers.values()].filter((a) => a.request.route.method !== "GET" && a.status < 300).length;
    console.info(`unsafe requests (POST/PUT/PATCH/DELETE) answered 2xx: ${writes}; events they wrote: ${fromFuzz}`);
    const perRoute = new Map<string, [number, number]>();
    for (const a of answers.values()) {
      if (a.request.route.method === "GET") continue;
      const key = `${a.request.route.method} ${a.request.route.path}`;
      const [sent, ok] = perRoute.get(key) ?? [0, 0];
      perRoute.set(key, [sent + 1, ok + (a.status < 300 ? 1 : 0)]);
    }
    if (process.env.FUZZ_VERBOSE)
      for (const [key, [sent, ok]] of perRoute) console.info(`  ${key}: ${ok} of ${sent} answered 2xx`);
    console.info(`5xx answers: ${failures.length} (must be 0)`);
    console.info(`events written by refused (4xx/5xx) requests: ${fromRefused.length} (must be 0)`);
    if (behind.length) for (const line of otherErrors.slice(0, 3)) console.info(`server error: ${line}`);
    for (const name of behind) {
      // The first event after its checkpoint of a type it handles: the culprit, unless another read model's failure stopped this one too.
      const projection = allProjections.find((p) => p.name === name)!;
      const checkpoint = (await readCheckpoints(server.database.db)).find((c) => c.name === name)?.position ?? START;
      const stuck = events.find(
        (e) => comparePositions(e.position, checkpoint) > 0 && projection.handles.includes(e.type),
      );
      const by = stuck?.metadata.requestId ? answers.get(stuck.metadata.requestId) : undefined;
      if (!stuck) continue;
      console.info(
        `stalled ${name}: first unapplied event ${stuck.type} ${stuck.streamId}#${stuck.streamPosition} ${JSON.stringify(stuck.data).slice(0, 200)}`,
      );
      if (by)
        console.info(
          `  written by ${stuck.metadata.requestId}, answered ${by.status}: ${by.request.route.method} ${by.request.path} body=${(by.request.body ?? "").slice(0, 300)}`,
        );
    }
    console.info(
      `read models not at the head of the log 10 s after the run: ${behind.length ? behind.join(", ") : "none"} (must be none)`,
    );
    if (failures.length || fromRefused.length || behind.length) process.exitCode = 1;
  } finally {
    await server.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

async function send(
  baseUrl: string,
  client: TestClient,
  request: FuzzRequest,
  id: string,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { "x-request-id": id };
  if (client.cookies.size) headers.cookie = client.cookieHeader;
  if (request.contentType) headers["content-type"] = request.contentType;
  if (request.csrf && client.cookies.has("csrftoken")) headers["x-csrftoken"] = client.cookies.get("csrftoken")!;
  try {
    const res = await fetch(baseUrl + request.path, {
      method: request.route.method,
      headers,
      body: request.body,
      redirect: "manual",
    });
    return { status: res.status, text: await res.text() };
  } catch (error) {
    // A dropped connection counts as a server failure.
    return { status: 599, text: `no answer: ${String(error)} (${String((error as { cause?: unknown }).cause ?? "")})` };
  }
}

/**
 * What each unsafe route requires, learnt from the app itself: the field names of its 400 answer to
 * an empty JSON body (signing out is left alone: it would end the staff session).
 */
async function probeFields(staff: TestClient, routes: AppRoute[]): Promise<Map<string, string[]>> {
  const fields = new Map<string, string[]>();
  for (const route of routes) {
    if (route.method === "GET" || route.path.includes("logout")) continue;
    const res = await staff.request(route.method, concretePath(route.path), {});
    const names = ((res.json?.metadata?.errors ?? []) as string[])
      .map((line) => line.split(":")[0].split(".")[0])
      .filter((name) => name !== "__all__");
    fields.set(`${route.method} ${route.path}`, [...new Set(names)]);
  }
  return fields;
}

/** Values the app answers under each field name on its GET routes (as staff): plausible inputs for the bodies. */
async function learnExamples(staff: TestClient, routes: AppRoute[]): Promise<Examples> {
  const examples: Examples = new Map();
  const walk = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v, key);
      return;
    }
    if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
      return;
    }
    if ((typeof value === "string" && value.length <= 100) || typeof value === "number" || typeof value === "boolean") {
      const seen = examples.get(key) ?? [];
      if (seen.length < 30 && !seen.includes(value)) seen.push(value);
      examples.set(key, seen);
    }
  };
  for (const route of routes) if (route.method === "GET") walk((await staff.get(concretePath(route.path))).json, "");
  return examples;
}

async function freshSession(baseUrl: string, identity: Identity): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  await client.post("/api/account/login/", {
    email: identity === "staff" ? "fuzz-staff@example.org" : "fuzz-shopper@example.org",
    password: "long enough",
  });
  return client;
}

async function readAll(server: Awaited<ReturnType<typeof startServer>>): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let from = START; ; ) {
    const page = await server.store.readAll(from, { limit: 1000 });
    if (!page.length) return events;
    events.push(...page);
    from = page[page.length - 1].position;
  }
}
