import { createServer, type Server as HttpServer } from "node:http";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventStore } from "@shop/shared";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { createLogger } from "../platform/logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { nextPush, openSocket, pushesDuring } from "../testing/server-kit.ts";
import { attachLiveGateway, MAX_REFETCH_BATCHES_WAITING, type LiveGateway } from "./live-gateway.ts";
import type { LiveMessageMapper } from "./live-messages.ts";

/** Each event as two pushes: one that carries its state (as the thermometer does), one that makes pages refetch. */
const bothKinds: LiveMessageMapper = (event) => [
  { namespace: "/public", room: null, name: "state", payload: { stream: event.streamId }, carriesState: true },
  { namespace: "/public", room: null, name: "changed", payload: { stream: event.streamId } },
];

describe("live pushes and the read models", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  let httpServer: HttpServer;
  let gateway: LiveGateway;
  let socket: Socket;
  /** The read models "apply" the events only when the test says so. */
  let release: () => void = () => {};
  let readModelsCaughtUp = new Promise<boolean>((resolve) => {
    release = () => resolve(true);
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    store = await createPostgresEventStore(database);
    httpServer = createServer();
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    gateway = await attachLiveGateway({
      httpServer,
      store,
      db: database.db,
      clock: () => new Date(),
      log: createLogger("silent"),
      mappers: [bothKinds],
      readModelsAt: () => readModelsCaughtUp,
    });
    const { port } = httpServer.address() as { port: number };
    socket = await openSocket(`http://127.0.0.1:${port}`, "/public");
  });
  afterAll(async () => {
    release();
    socket?.disconnect();
    await gateway?.close();
    await store?.close();
    await database?.drop();
  });

  it("a push that carries its whole state goes before the read models catch up; a refetch push waits for them", async () => {
    const refetched: string[] = [];
    socket.on("changed", (m: { stream: string }) => refetched.push(m.stream));
    const first = nextPush<{ stream: string }>(socket, "state", (m) => m.stream === "gift-1");
    await store.append("gift-1", [{ type: "Noted", data: {} }]);
    expect(await first).toEqual({ stream: "gift-1" });

    // The subscription is not held up by the waiting refetch push: a second event's state push goes too.
    const second = nextPush<{ stream: string }>(socket, "state", (m) => m.stream === "gift-2");
    await store.append("gift-2", [{ type: "Noted", data: {} }]);
    expect(await second).toEqual({ stream: "gift-2" });
    expect(refetched).toEqual([]);

    const bothRefetches = nextPush<{ stream: string }>(socket, "changed", (m) => m.stream === "gift-2");
    release();
    await bothRefetches;
    expect(refetched).toEqual(["gift-1", "gift-2"]);
  });

  it("refetch pushes after the read models caught up go out in log order", async () => {
    readModelsCaughtUp = Promise.resolve(true);
    const refetched: string[] = [];
    socket.on("changed", (m: { stream: string }) => refetched.push(m.stream));
    const last = nextPush<{ stream: string }>(socket, "changed", (m) => m.stream === "gift-5");
    for (const n of [3, 4, 5]) await store.append(`gift-${n}`, [{ type: "Noted", data: {} }]);
    await last;
    expect(refetched).toEqual(["gift-3", "gift-4", "gift-5"]);
  });

  it("far ahead of the read models, the gateway stops reading the log until they catch up", async () => {
    readModelsCaughtUp = new Promise<boolean>((resolve) => {
      release = () => resolve(true);
    });
    // One event per read: each append's state push comes before the next append.
    for (let n = 0; n <= MAX_REFETCH_BATCHES_WAITING; n++) {
      const pushed = nextPush<{ stream: string }>(socket, "state", (m) => m.stream === `ahead-${n}`);
      await store.append(`ahead-${n}`, [{ type: "Noted", data: {} }]);
      await pushed;
    }
    const held = pushesDuring<{ stream: string }>(socket, "state", (m) => m.stream === "ahead-last", 500);
    await store.append("ahead-last", [{ type: "Noted", data: {} }]);
    expect(await held).toEqual([]); // not read: the read models are too far behind

    const afterCatchUp = nextPush<{ stream: string }>(socket, "state", (m) => m.stream === "ahead-last");
    release();
    expect(await afterCatchUp).toEqual({ stream: "ahead-last" });
  });
});
