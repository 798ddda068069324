import { createServer, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import type { Express } from "express";
import { Kysely, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { afterAll, beforeAll, expect } from "vitest";
import { allProjections, ProjectionRunner } from "@shop/projections";
import {
  InvalidEventError,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  readAllCommitted,
} from "@shop/shared";
import type { AppDeps } from "../app.ts";
import { createEventRegistry } from "../event-registry.ts";
import { clearInMemoryLog, createInMemoryEventStore, newInMemoryLog } from "../eventstore/in-memory-event-store.ts";
import { migrateIdCounters } from "../platform/id-allocator.ts";
import { migratePersonKeys } from "@shop/projections";
import { migrateLoginAttempts } from "../accounts/login-throttle.ts";
import { migrateSiteSecrets } from "../platform/site-secrets.ts";
import { createLogger } from "../platform/logger.ts";
import { TestClient } from "./http-client.ts";
import { openPgliteFromTemplate } from "./pglite-template.ts";
import { openTestDatabase, testDatabaseUrl } from "./test-database.ts";
import type { SpecUser } from "./spec-users.ts";
import type { GivenEvent } from "./given-event.ts";
import type { Database } from "@shop/projections";

export type { GivenEvent } from "./given-event.ts";

export interface SpecHttp {
  /** The app's address, for a raw fetch. */
  url: string;
  /** A browser signed in as `user`: session cookie and CSRF cookie set, X-CSRFToken sent on writes. */
  as(user: SpecUser): TestClient;
  /** A browser with no session. */
  visitor(): TestClient;
}

export type SpecResponse = Awaited<ReturnType<TestClient["request"]>>;

export interface SpecResult {
  response: SpecResponse;
  /** Every event the request appended, in log order. */
  newEvents: RecordedEvent[];
  http: SpecHttp;
  store: EventStore;
  /** The read side's database (person and site keys too). */
  db: Kysely<Database>;
}

/** Expected new events: stream and type, and the data where given (compared with toMatchObject). */
export type ExpectedEvent = { streamId?: string; type: string; data?: unknown };

/** SITE_URL of every apiSpec app: not the address it listens on, so a link built from Host shows. */
export const SPEC_SITE_URL = "https://shop.example.org";

/**
 * given(events).when(request).then(answer, newEvents) for the HTTP API, in the spirit of Emmett's
 * ApiSpecification. The app is the real one (zod parsing, deciders, error middleware, auth, CSRF)
 * built by `makeApp`; only the event store is in memory. The read models are the real projections,
 * run by the real runner into tables emptied for each scenario: on the tests' PostgreSQL when
 * there is one, else on one PGlite per test file. One scenario runs at a time.
 */
export function apiSpec(makeApp: (deps: AppDeps) => Express | Promise<Express>, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  const registry = createEventRegistry();
  const readSide = scenarioReadSide(clock);

  async function start(givens: Array<GivenEvent | SpecUser>) {
    const events = givens.flatMap((g) => ("events" in g ? g.events : [g]));
    // A given event that fails its schema fails the scenario with its fields, before it reaches the log
    // (where a projection that handles it would stop, as in production).
    events.forEach((given, i) => {
      try {
        registry.decode(
          given.type,
          given.schemaVersion ?? registry.versionOf(given.type),
          JSON.parse(JSON.stringify(given.data ?? null)),
        );
      } catch (error) {
        throw error instanceof InvalidEventError ? error.at(`${given.streamId} (given event ${i + 1})`) : error;
      }
    });
    const { db, store, runner, failures } = await readSide.next();
    let last: LogPosition | null = null;
    for (const given of events) {
      ({ position: last } = await store.append(given.streamId, [
        { type: given.type, data: given.data, metadata: given.metadata, schemaVersion: given.schemaVersion },
      ]));
    }
    if (last && !(await runner.waitFor(last))) {
      await readSide.discard(); // a read model stopped on a given event: the next scenario starts on a new read side
      throw new Error(`the read models did not take the given events: ${failures.join("; ") || "timed out"}`);
    }
    const app = await makeApp({
      store,
      db,
      clock,
      log: createLogger("silent"),
      waitForProjections: (position, names) => runner.waitFor(position, names),
      catalogStamp: () => runner.changeStamp("catalog"),
      readiness: async () => "ready",
      sessionDays: 14,
      behindProxy: false,
      siteUrl: SPEC_SITE_URL,
      // An answer that does not fit /api/openapi.json fails the scenario (a 500 naming the problem).
      answerCheck: "strict",
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const http: SpecHttp = {
      url,
      visitor: () => new TestClient(url),
      as(user) {
        const client = new TestClient(url);
        client.cookies.set("sessionid", user.sessionId);
        client.cookies.set("csrftoken", randomBytes(24).toString("base64url"));
        return client;
      },
    };
    return { store, db, http, stop: () => closeServer(server) };
  }

  return {
    given(...givens: Array<GivenEvent | SpecUser>) {
      return {
        when(request: (http: SpecHttp) => Promise<SpecResponse>) {
          /** Runs the scenario and hands its result to `verify` before the app stops. */
          async function run(verify: (result: SpecResult) => unknown): Promise<void> {
            const { store, db, http, stop } = await start(givens);
            try {
              const before = await store.head();
              const response = await request(http);
              const newEvents = await readAllCommitted(store, before, { limit: 100_000 });
              await verify({ response, newEvents, http, store, db });
            } finally {
              await stop();
            }
          }
          return {
            /**
             * `then({ status, body }, newEvents)`: the answer (body compared with toEqual when given)
             * and the events appended (all of them, in order). `then(async (result) => ...)` for anything else.
             */
            then(
              expected: { status: number; body?: unknown } | ((result: SpecResult) => unknown),
              newEvents?: ExpectedEvent[],
            ): Promise<void> {
              if (typeof expected === "function") return run(expected);
              return run(({ response, newEvents: appended }) => {
                expect({ status: response.status, body: "body" in expected ? response.json : undefined }).toEqual({
                  status: expected.status,
                  body: expected.body,
                });
                if (newEvents) expect(appended).toMatchObject(newEvents);
              });
            },
          };
        },
      };
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/**
 * The read side of one test file: one database (the tests' PostgreSQL in a schema of its own, else
 * an in-memory PGlite), one in-memory log and one projection runner, kept from scenario to
 * scenario. Each scenario starts with the log cleared (its numbering goes on, so the runner follows)
 * and every read-model row deleted (checkpoints aside): milliseconds, where new tables and a new
 * runner per scenario cost about a second. Scenarios therefore must not overlap.
 */
function scenarioReadSide(clock: () => Date) {
  const log = newInMemoryLog();
  const store = createInMemoryEventStore({ codec: createEventRegistry(), clock, log });
  // The runner's errors (a projector that throws on a given event) are kept to explain a timeout.
  const failures: string[] = [];
  const runnerLog = {
    info() {},
    warn() {},
    error: (obj: { err?: unknown }, msg?: string) => void failures.push(`${msg}: ${String(obj.err)}`),
  };
  let opened: Promise<{
    db: Kysely<Database>;
    schema: string;
    runner: ProjectionRunner;
    close(): Promise<void>;
  }> | null = null;
  const open = () =>
    (opened ??= (async () => {
      const database = testDatabaseUrl()
        ? await openTestDatabase({ poolSize: 5 }).then((d) => ({ db: d.db, schema: d.schema, close: d.drop }))
        : await openPglite();
      await migrateIdCounters(database.db);
      await migratePersonKeys(database.db);
      await migrateLoginAttempts(database.db);
      await migrateSiteSecrets(database.db);
      const runner = new ProjectionRunner({
        db: database.db,
        store,
        projections: allProjections,
        tryLeadership: async () => ({ async release() {} }),
        log: runnerLog,
      });
      await runner.start();
      return { ...database, runner };
    })());
  // Opening PGlite and creating the tables take seconds: before the first test's clock starts.
  beforeAll(async () => void (await open()));
  async function discard() {
    if (!opened) return;
    const closing = opened;
    opened = null;
    const { runner, close } = await closing;
    await runner.stop();
    await close();
  }
  afterAll(discard);
  return {
    discard,
    async next() {
      const { db, schema, runner } = await open();
      // Events of the last scenario the runner has not read are dropped (even one it cannot project);
      // one it is projecting lands before the rows are deleted.
      clearInMemoryLog(log);
      await runner.catchUp();
      failures.length = 0;
      const { rows } = await sql<{
        tablename: string;
      }>`SELECT tablename FROM pg_tables WHERE schemaname = ${schema} AND tablename <> 'projection_checkpoints'`.execute(
        db,
      );
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL synchronous_commit = off`.execute(trx);
        for (const { tablename } of rows) await sql`DELETE FROM ${sql.table(tablename)}`.execute(trx);
      });
      return { db, store, runner, failures };
    },
  };
}

async function openPglite() {
  const pglite = await openPgliteFromTemplate();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, schema: "public", close: () => pglite.close() };
}
