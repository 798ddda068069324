import { createServer, type Server as HttpServer } from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventStore } from "@shop/shared";
import { appendStatement } from "../eventstore/append-sql.ts";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { createLogger } from "../platform/logger.ts";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { attachLiveGateway, type LiveGateway } from "./live-gateway.ts";
import type { LiveMessageMapper } from "./live-messages.ts";
import { nextPush, openSocket } from "../testing/server-kit.ts";

/** Every event as a push to every public socket, so the test sees exactly what the gateway tails. */
const everyEvent: LiveMessageMapper = (event) => [
  { namespace: "/public", room: null, name: "logged", payload: { stream: event.streamId } },
];

// Transactions commit out of order only on a PostgreSQL server (PGlite has one session).
describe.skipIf(!testDatabaseUrl())("the live gateway's start position on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  let httpServer: HttpServer;
  let gateway: LiveGateway | undefined;
  let writer: pg.Client;
  let socket: Socket | undefined;

  beforeAll(async () => {
    database = await openTestDatabase();
    store = await createPostgresEventStore(database);
    writer = new pg.Client({ connectionString: testDatabaseUrl(), options: `-c search_path=${database.schema}` });
    await writer.connect();
    httpServer = createServer();
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    socket?.disconnect();
    await gateway?.close();
    await writer?.end();
    await store?.close();
    await database?.drop();
  });

  it("core hardening 7: an event committed after start-up by a transaction open before it is pushed", async () => {
    const late = `late-${randomUUID()}`;
    const append = appendStatement(late, [{ type: "Noted", data: {} }], "any", null, () => 1);
    await writer.query("BEGIN");
    await writer.query(append.text, append.values);
    // A younger writer commits first: its event is now the log's head, past the open one's.
    await store.append(`early-${randomUUID()}`, [{ type: "Noted", data: {} }]);

    gateway = await attachLiveGateway({
      httpServer,
      store,
      db: database.db,
      clock: () => new Date(),
      log: createLogger("silent"),
      mappers: [everyEvent],
    });
    const address = httpServer.address() as { port: number };
    socket = await openSocket(`http://127.0.0.1:${address.port}`, "/public");

    const pushed = nextPush<{ stream: string }>(socket, "logged", (m) => m.stream === late, 3000);
    await writer.query("COMMIT");
    expect(await pushed).toEqual({ stream: late });
  });
});
