import { sql } from "kysely";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { allProjections, ProjectionRunner } from "@shop/projections";
import { START, type EventStore, type RecordedEvent } from "@shop/shared";
import { registerUser } from "../services/src/accounts/register-user.ts";
import { createEventRegistry } from "../services/src/event-registry.ts";
import { createPostgresEventStore } from "../services/src/eventstore/postgres-event-store.ts";
import { openDatabase, type DatabaseConnection } from "../services/src/platform/database.ts";
import { PROJECTION_LEADER_LOCK } from "../services/src/platform/leader-lock.ts";
import { spawnServer, type ServerProcess } from "../services/src/platform/server-process-kit.ts";
import { TestClient } from "../services/src/testing/http-client.ts";

const CLIENTS = 32;
const COMMANDS = Number(process.env.CRASH_COMMANDS ?? 2000);
const SAVE_NODES = 16;

type Kind = "save" | "keyword" | "lock" | "role";
interface Command {
  n: number;
  kind: Kind;
  requestId: string;
  client: number;
  /** HTTP status, or 0 when no answer came (the server died under it). */
  status: number;
  json?: any;
  body: Record<string, unknown>;
}

interface Editor {
  client: TestClient;
  userId: string;
  /** The node this editor keeps locking: its own, so every lock command is granted and writes. */
  lockNode: number;
}

/**
 * `npm run bench -- crash` (PostgreSQL): 32 editors send 2,000 real commands over HTTP to a server
 * process; half-way the process is killed with SIGKILL and started again. Afterwards every command
 * that was answered 2xx must be in the log and in its read model, and every read model must equal
 * a fresh replay of the log into an empty schema, row for row.
 */
export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const env = {
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
    DATA_DIR: mkdtempSync(join(tmpdir(), "bench-crash-")),
    DEMO_DATA: "false",
    LOG_LEVEL: "error",
  };
  let server = await spawnServer(env);
  const database = await openDatabase({ url, schema, poolSize: 4 });
  const store = await createPostgresEventStore(database, createEventRegistry());
  let replayDatabase: DatabaseConnection | null = null;
  try {
    // Reads the server's checkpoints (never leads): when have its read models applied a position?
    const watcher = new ProjectionRunner({
      db: database.db,
      store,
      projections: allProjections,
      tryLeadership: async () => null,
    });
    const editors = await signIn(server, store, database.db, watcher);
    const saveNodes = await createNodes(server.url, editors);

    // The run: a shared counter of commands; at the half-way one the process is killed and restarted.
    const commands: Command[] = [];
    let next = 0;
    let base = server.url;
    let restart: Promise<void> | undefined;
    let restartMs = 0;
    const worker = async (c: number) => {
      while (next < COMMANDS) {
        const n = next++;
        if (n === COMMANDS / 2) {
          server.child.kill("SIGKILL");
          const killedAt = Date.now();
          restart = (async () => {
            await server.exited;
            server = await spawnServer(env);
            base = server.url;
            restartMs = Date.now() - killedAt;
          })();
        }
        await restart;
        commands.push(await send(base, command(n, c, editors[c], saveNodes), editors[c].client));
      }
    };
    const started = performance.now();
    await Promise.all(editors.map((_, c) => worker(c)));
    const seconds = (performance.now() - started) / 1000;

    // Settled: the restarted server's read models reach the head of the log; then it stops.
    const head = await store.head();
    const caughtUp = await watcher.waitFor(head, undefined, 120_000);
    await watcher.stop();
    await server.stop();

    const events = await readAll(store);
    const live = await readTables(database);
    const acknowledged = commands.filter((c) => c.status >= 200 && c.status < 300);
    const lost = lostWrites(acknowledged, events, live, editors);

    // A fresh replay of the same log into an empty schema, compared row for row.
    replayDatabase = await openDatabase({ url, schema: `${schema}_replay`, poolSize: 4 });
    const replayer = new ProjectionRunner({
      db: replayDatabase.db,
      store,
      projections: allProjections,
      tryLeadership: () => replayDatabase!.tryAdvisoryLock(PROJECTION_LEADER_LOCK),
    });
    await replayer.start();
    const replayed = await replayer.waitFor(head, undefined, 300_000);
    await replayer.stop();
    const mismatches = compareTables(live, await readTables(replayDatabase));

    const count = (f: (c: Command) => boolean) => commands.filter(f).length;
    const byKind = (["save", "keyword", "lock", "role"] as Kind[])
      .map(
        (k) => `${k} ${count((c) => c.kind === k && c.status >= 200 && c.status < 300)}/${count((c) => c.kind === k)}`,
      )
      .join(", ");
    console.info(
      `crash: ${CLIENTS} clients, ${commands.length} commands over HTTP in ${seconds.toFixed(1)} s; server killed (SIGKILL) at command ${COMMANDS / 2}, serving again after ${(restartMs / 1000).toFixed(1)} s`,
    );
    console.info(`sent: ${commands.length}`);
    console.info(`acknowledged (2xx): ${acknowledged.length} (${byKind})`);
    console.info(
      `refused (4xx): ${count((c) => c.status >= 400 && c.status < 500)}; 5xx: ${count((c) => c.status >= 500)}; no answer (connection lost): ${count((c) => c.status === 0)}`,
    );
    console.info(
      `events in the log: ${events.length}; read models caught up after the restart: ${caughtUp}; replay finished: ${replayed}`,
    );
    for (const line of lost) console.info(`  lost: ${line}`);
    console.info(`lost acknowledged writes: ${lost.length} (must be 0)`);
    for (const line of mismatches) console.info(`  mismatch: ${line}`);
    console.info(`read-model mismatches (rows differing from a fresh replay): ${mismatches.length} (must be 0)`);
    if (lost.length || mismatches.length || !caughtUp || !replayed) process.exitCode = 1;
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

async function signIn(
  server: ServerProcess,
  store: EventStore,
  db: DatabaseConnection["db"],
  watcher: ProjectionRunner,
): Promise<Editor[]> {
  const users = [];
  for (let i = 0; i < CLIENTS; i++)
    users.push(
      await registerUser(
        { store, db, clock: () => new Date() },
        { email: `crash${i}@example.org`, password: "long enough", isStaff: true, name: `Editor ${i}` },
      ),
    );
  // The server projects the registrations in its own time; a login before that would count as a failed attempt.
  if (!(await watcher.waitFor(users[users.length - 1].position, ["users"], 30_000)))
    throw new Error("the server did not project the editors' accounts");
  const editors: Editor[] = [];
  for (const [i, user] of users.entries()) {
    const client = new TestClient(server.url);
    const login = await client.post("/api/account/login/", { email: `crash${i}@example.org`, password: "long enough" });
    if (login.status !== 200) throw new Error(`crash${i} cannot sign in: ${login.status} ${login.text}`);
    editors.push({ client, userId: user.userId, lockNode: 0 });
  }
  return editors;
}

/** One node per editor to lock, and SAVE_NODES nodes that everyone saves and gives roles (never locked). */
async function createNodes(base: string, editors: Editor[]): Promise<number[]> {
  const create = async (editor: Editor, name: string) => {
    const res = await editor.client.post("/admin/api/content/contentnode/", {
      name,
      url: `/${name.toLowerCase().replace(/\W+/g, "-")}/`,
      ignore_warnings: true,
    });
    if (res.status >= 300) throw new Error(`creating ${name} at ${base}: ${res.status} ${res.text}`);
    return res.json.id as number;
  };
  for (const [i, editor] of editors.entries()) editor.lockNode = await create(editor, `Locked ${i}`);
  const nodes: number[] = [];
  for (let i = 0; i < SAVE_NODES; i++) nodes.push(await create(editors[0], `Shared ${i}`));
  return nodes;
}

/** The n-th command: 40 % node saves, 25 % keyword creates, 25 % lock takes, 10 % role adds. */
function command(n: number, c: number, editor: Editor, saveNodes: number[]): Command {
  const slot = n % 20;
  const node = saveNodes[n % saveNodes.length];
  const requestId = `crash-${n}`;
  const base = { n, requestId, client: c, status: 0 };
  if (slot < 8) return { ...base, kind: "save", body: { node, short_description: `Saved by command ${n}` } };
  if (slot < 13) return { ...base, kind: "keyword", body: { name: `Crash keyword ${n}` } };
  if (slot < 18)
    return {
      ...base,
      kind: "lock",
      body: {
        objs: [{ app: "content", model: "contentnode", id: editor.lockNode }],
        reason: 2,
        comment: `command ${n}`,
      },
    };
  return { ...base, kind: "role", body: { node, contributor: `Contributor ${n}`, role: "Author" } };
}

const ROUTES: Record<Kind, (body: Record<string, unknown>) => [string, string, unknown]> = {
  save: ({ node, ...body }) => ["PUT", `/admin/api/content/contentnode/${node}/`, body],
  keyword: (body) => ["POST", "/admin/api/content/keyword/", body],
  lock: (body) => ["POST", "/admin/base/record-locks/", body],
  role: (body) => ["POST", "/admin/api/content/role/", body],
};

async function send(base: string, cmd: Command, client: TestClient): Promise<Command> {
  const [method, path, body] = ROUTES[cmd.kind](cmd.body);
  const headers = {
    "content-type": "application/json",
    cookie: client.cookieHeader,
    "x-csrftoken": client.cookies.get("csrftoken")!,
    "x-request-id": cmd.requestId,
  };
  try {
    const res = await fetch(base + path, { method, headers, body: JSON.stringify(body) });
    const text = await res.text();
    return { ...cmd, status: res.status, json: text ? JSON.parse(text) : null };
  } catch {
    return cmd; // no answer: the process died with the request in flight
  }
}

/** Acknowledged commands missing from the log, or from the read model they feed. */
function lostWrites(
  acknowledged: Command[],
  events: RecordedEvent[],
  tables: Record<string, any[]>,
  editors: Editor[],
): string[] {
  const logged = new Set(events.map((e) => e.metadata.requestId));
  const lost: string[] = [];
  const rows = (table: string) => tables[table].map((r) => JSON.parse(r));
  const keywords = new Map(rows("keywords").map((r) => [r.id, r]));
  const roles = new Map(rows("contributor_roles").map((r) => [r.id, r]));
  const nodes = new Map(rows("content_nodes").map((r) => [r.id, r]));
  const locks = rows("record_locks");
  for (const cmd of acknowledged) {
    const what = `${cmd.requestId} (${cmd.kind}, answered ${cmd.status})`;
    if (!logged.has(cmd.requestId)) lost.push(`${what}: no event in the log`);
    if (cmd.kind === "keyword" && keywords.get(cmd.json.id)?.name !== cmd.body.name)
      lost.push(`${what}: keyword ${cmd.json.id} not in keywords`);
    if (cmd.kind === "role" && !roles.has(cmd.json.id))
      lost.push(`${what}: role ${cmd.json.id} not in contributor_roles`);
    if (cmd.kind === "save" && !(Number(nodes.get(cmd.body.node)?.version) >= cmd.json.version))
      lost.push(`${what}: node ${cmd.body.node} below version ${cmd.json.version} in content_nodes`);
    if (
      cmd.kind === "lock" &&
      !locks.some((l) => l.id === editors[cmd.client].lockNode && l.user_id === editors[cmd.client].userId)
    )
      lost.push(`${what}: lock not in record_locks`);
  }
  return lost;
}

/** Every read-model table, each row as JSON, sorted. */
export async function readTables(database: DatabaseConnection): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of allProjections.flatMap((p) => p.tables)) {
    const { rows } = await sql`SELECT * FROM ${sql.table(table)}`.execute(database.db);
    tables[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return tables;
}

/** Rows present on one side only, per table. */
export function compareTables(live: Record<string, string[]>, replayed: Record<string, string[]>): string[] {
  const differences: string[] = [];
  for (const table of Object.keys(live)) {
    const other = new Set(replayed[table]);
    const mine = new Set(live[table]);
    for (const row of live[table]) if (!other.has(row)) differences.push(`${table}: live only ${row.slice(0, 200)}`);
    for (const row of replayed[table])
      if (!mine.has(row)) differences.push(`${table}: replay only ${row.slice(0, 200)}`);
  }
  return differences;
}

export async function readAll(store: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let from = START; ; ) {
    const page = await store.readAll(from, { limit: 1000 });
    if (!page.length) return events;
    events.push(...page);
    from = page[page.length - 1].position;
  }
}
