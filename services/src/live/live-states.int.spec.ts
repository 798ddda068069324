import { createServer, type Server as HttpServer } from "node:http";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRoom, type EventStore } from "@shop/shared";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { createLogger } from "../platform/logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { nextPush, openSocket, pushesDuring } from "../testing/server-kit.ts";
import { attachLiveGateway, type LiveGateway } from "./live-gateway.ts";
import type { LiveMessageMapper } from "./live-messages.ts";
import type { RoomState } from "./live-states.ts";

type Total = { campaign: string; total: number };

/** A `Gift` event in stream `fund-<slug>` pushes the campaign room's whole state, as the thermometer does. */
const totals: LiveMessageMapper = (event) => {
  const slug = event.streamId.replace(/^fund-/, "");
  const payload: Total = { campaign: slug, total: (event.data as { total: number }).total };
  return [{ namespace: "/public", room: campaignRoom(slug), name: "total", payload, carriesState: true }];
};

describe("a socket joining a room gets the room's state at once (live-states.ts)", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  let httpServer: HttpServer;
  let gateway: LiveGateway;
  let url: string;
  const sockets: Socket[] = [];
  /** What the feature's reader was asked, and what it answers (after `readDelayMs`). */
  const reads: string[] = [];
  const readModel = new Map<string, RoomState>();
  let readDelayMs = 0;
  /** Holds every read until the test lets it answer (none held unless a test sets it). */
  let readHeld: Promise<void> = Promise.resolve();

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
      mappers: [totals],
      roomStates: [
        () => ({
          namespace: "/public",
          owns: (room) => room.startsWith("campaign:"),
          async read(room) {
            reads.push(room);
            await new Promise((resolve) => setTimeout(resolve, readDelayMs));
            await readHeld;
            return readModel.get(room) ?? null;
          },
        }),
      ],
    });
    url = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await gateway?.close();
    await store?.close();
    await database?.drop();
  });

  const joined = async (campaign: string) => {
    const socket = await openSocket(url, "/public");
    sockets.push(socket);
    const first = nextPush<Total>(socket, "total");
    socket.emit("join", { campaign });
    return { socket, first };
  };

  it("a room this process pushed to: the last state it pushed, from memory (no read)", async () => {
    const watcher = await joined("ark");
    const pushed = nextPush<Total>(watcher.socket, "total", (m) => m.total === 300);
    for (const total of [100, 200, 300]) await store.append("fund-ark", [{ type: "Gift", data: { total } }]);
    await pushed;
    const readsBefore = reads.length; // the watcher's own join found the room empty and read it

    const late = await joined("ark");
    expect(await late.first).toEqual({ campaign: "ark", total: 300 });
    expect(reads.length).toBe(readsBefore);
  });

  it("the sockets joining in one turn of the event loop get the state in one broadcast (its frame encoded once)", async () => {
    const ns = gateway.io.of("/public");
    const to = ns.to.bind(ns);
    const broadcasts: number[] = [];
    ns.to = ((rooms: string | string[]) => {
      if (Array.isArray(rooms)) broadcasts.push(rooms.length);
      return to(rooms);
    }) as typeof ns.to;
    try {
      const twenty = await Promise.all(Array.from({ length: 20 }, () => openSocket(url, "/public")));
      sockets.push(...twenty);
      const got = twenty.map((s) => nextPush<Total>(s, "total"));
      for (const s of twenty) s.emit("join", { campaign: "ark" });
      for (const first of got) expect(await first).toEqual({ campaign: "ark", total: 300 });
      expect(broadcasts.length).toBeGreaterThan(0);
      expect(broadcasts.length).toBeLessThan(20);
      expect(broadcasts.reduce((a, b) => a + b, 0)).toBe(20);
    } finally {
      ns.to = to;
    }
  });

  it("a room nothing was pushed to: read once for every socket joining it at once", async () => {
    readModel.set(campaignRoom("flood"), {
      version: 4,
      messages: [
        { namespace: "/public", room: campaignRoom("flood"), name: "total", payload: { campaign: "flood", total: 50 } },
      ],
    });
    readDelayMs = 200;
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => joined("flood")));
    for (const { first } of five) expect(await first).toEqual({ campaign: "flood", total: 50 });
    expect(reads.filter((r) => r === campaignRoom("flood"))).toHaveLength(1);
    // Kept: the next socket gets it without a read.
    expect(await (await joined("flood")).first).toEqual({ campaign: "flood", total: 50 });
    expect(reads.filter((r) => r === campaignRoom("flood"))).toHaveLength(1);
  });

  it("an older state never replaces a newer one: a push tailed while the read went wins", async () => {
    // The read model is behind: it answers the state before the event the log has.
    readModel.set(campaignRoom("dove"), {
      version: -1,
      messages: [
        { namespace: "/public", room: campaignRoom("dove"), name: "total", payload: { campaign: "dove", total: 0 } },
      ],
    });
    readDelayMs = 0;
    let answer: () => void = () => {};
    readHeld = new Promise((resolve) => {
      answer = resolve;
    });
    const early = await joined("dove");
    const seen: Total[] = [];
    early.socket.on("total", (m: Total) => seen.push(m));
    await store.append("fund-dove", [{ type: "Gift", data: { total: 70 } }]);
    expect(await early.first).toEqual({ campaign: "dove", total: 70 }); // the tailed push, the read still held
    answer();
    // The read's stale answer reaches nobody: this socket gets the newest state again, the next one too.
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(2);
    expect(seen).toEqual([
      { campaign: "dove", total: 70 },
      { campaign: "dove", total: 70 },
    ]);
    readHeld = Promise.resolve();
    expect(await (await joined("dove")).first).toEqual({ campaign: "dove", total: 70 });
  });

  it("a room whose state the reader does not find: nothing is sent", async () => {
    const socket = await openSocket(url, "/public");
    sockets.push(socket);
    const before = reads.length;
    const got = pushesDuring<Total>(socket, "total", () => true, 300);
    socket.emit("join", { campaign: "nowhere" });
    expect(await got).toEqual([]);
    expect(reads.slice(before)).toEqual([campaignRoom("nowhere")]); // read once, found nothing
  });
});
