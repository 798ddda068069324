import { createServer, type Server as HttpServer } from "node:http";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRoom, type EventStore } from "@shop/shared";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { createLogger } from "../platform/logger.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { disconnection, nextPush, openSocket, pushesDuring } from "../testing/server-kit.ts";
import { attachLiveGateway, type LiveGateway } from "./live-gateway.ts";
import type { LiveMessageMapper } from "./live-messages.ts";
import { MAX_CAMPAIGN_ROOMS } from "./socket-limits.ts";

/** An event on `probe-{campaign}` is pushed to that campaign's room, as a thermometer is. */
const probe: LiveMessageMapper = (event) => {
  const campaign = /^probe-(.+)$/.exec(event.streamId)?.[1];
  return campaign
    ? [{ namespace: "/public", room: campaignRoom(campaign), name: "probe", payload: { campaign }, carriesState: true }]
    : [];
};

describe("the rooms and messages of one /public socket (security 10)", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  let httpServer: HttpServer;
  let gateway: LiveGateway;
  let url: string;
  /** Campaign rooms each socket holds now, and the most it ever held, as the server's adapter saw them. */
  const held = new Map<string, Set<string>>();
  const mostHeld = new Map<string, number>();
  const sockets: Socket[] = [];
  const open = async () => {
    const socket = await openSocket(url, "/public");
    sockets.push(socket);
    return socket;
  };
  /** Resolves once the server holds `socket` in `n` campaign rooms (the joins are not acknowledged). */
  const holding = async (socket: Socket, n: number) => {
    for (let i = 0; i < 100 && (held.get(socket.id!)?.size ?? 0) < n; i++) await new Promise((r) => setTimeout(r, 20));
    return held.get(socket.id!)?.size ?? 0;
  };

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
      mappers: [probe],
    });
    const adapter = gateway.io.of("/public").adapter;
    adapter.on("join-room", (room: string, id: string) => {
      if (!room.startsWith("campaign:")) return;
      const rooms = held.get(id) ?? new Set<string>();
      rooms.add(room);
      held.set(id, rooms);
      mostHeld.set(id, Math.max(mostHeld.get(id) ?? 0, rooms.size));
    });
    adapter.on("leave-room", (room: string, id: string) => held.get(id)?.delete(room));
    url = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await gateway?.close();
    await store?.close();
    await database?.drop();
  });

  it("security 10: a socket that sends 1,000 joins at once is disconnected, never holding more than 8 campaign rooms", async () => {
    const flooder = await open();
    const id = flooder.id!;
    const gone = disconnection(flooder, 5000);
    for (let i = 0; i < 1000; i++) flooder.emit("join", { campaign: `flood-${i}` });
    expect(await gone).toMatch(/io server disconnect|transport close/);
    // Often none at all: the joins that passed the limit are handled a tick later, after the disconnect.
    expect(mostHeld.get(id) ?? 0).toBeLessThanOrEqual(MAX_CAMPAIGN_ROOMS);
    expect(gateway.io.of("/public").sockets.has(id)).toBe(false);
    expect(held.get(id)?.size ?? 0).toBe(0); // its rooms went with it
  });

  it("security 10: joins past 8 campaigns are ignored: the ninth campaign's pushes do not reach the socket", async () => {
    const socket = await open();
    for (let i = 1; i <= MAX_CAMPAIGN_ROOMS + 1; i++) socket.emit("join", { campaign: `many-${i}` });
    expect(await holding(socket, MAX_CAMPAIGN_ROOMS)).toBe(MAX_CAMPAIGN_ROOMS);
    const ninth = pushesDuring(socket, "probe", (m: { campaign: string }) => m.campaign === "many-9", 1000);
    const first = nextPush(socket, "probe", (m: { campaign: string }) => m.campaign === "many-1");
    await store.append("probe-many-9", [{ type: "Noted", data: {} }]);
    await store.append("probe-many-1", [{ type: "Noted", data: {} }]);
    expect(await first).toEqual({ campaign: "many-1" });
    expect(await ninth).toEqual([]);
    expect(mostHeld.get(socket.id!)).toBe(MAX_CAMPAIGN_ROOMS);
    expect(socket.connected).toBe(true);
  });

  it("security 10: a storefront tab's few joins (each sent twice, as on a reconnect) are unaffected", async () => {
    const tab = await open();
    for (const campaign of ["ark-main", "ark-kids", "ark-main", "ark-kids", "giveaway-1"])
      tab.emit("join", { campaign });
    expect(await holding(tab, 3)).toBe(3);
    const pushed = nextPush(tab, "probe", (m: { campaign: string }) => m.campaign === "ark-kids");
    await store.append("probe-ark-kids", [{ type: "Noted", data: {} }]);
    expect(await pushed).toEqual({ campaign: "ark-kids" });
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.connected).toBe(true);
  });

  it("security 10: RATE_LIMIT_MULTIPLIER raises both bounds (×3: 100 joins at once pass, 24 campaign rooms)", async () => {
    const benchServer = createServer();
    await new Promise<void>((resolve) => benchServer.listen(0, "127.0.0.1", resolve));
    const bench = await attachLiveGateway({
      httpServer: benchServer,
      store,
      db: database.db,
      clock: () => new Date(),
      log: createLogger("silent"),
      mappers: [probe],
      rateLimitMultiplier: 3,
    });
    try {
      const socket = await openSocket(
        `http://127.0.0.1:${(benchServer.address() as { port: number }).port}`,
        "/public",
      );
      sockets.push(socket);
      for (let i = 0; i < 100; i++) socket.emit("join", { campaign: `bench-${i}` });
      for (let i = 0; i < 100 && bench.io.of("/public").sockets.get(socket.id!)?.rooms.size !== 25; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(socket.connected).toBe(true);
      // Its own room and 24 campaigns.
      expect(bench.io.of("/public").sockets.get(socket.id!)?.rooms.size).toBe(1 + 3 * MAX_CAMPAIGN_ROOMS);
    } finally {
      await bench.close();
    }
  });
});
