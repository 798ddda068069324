import { sql } from "kysely";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSocket, signedInClient, connectRefusal, disconnection, nextPush } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const RECHECK_MS = 200;
const DAY = 86_400_000;

describe.each(testBackends())("admin socket security on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let skew = 0; // the server's clock runs ahead by this much (to expire sessions)
  let staffCookie: string;
  const sockets: Socket[] = [];

  function open(namespace: string, headers: Record<string, string>, transport: "websocket" | "polling") {
    const socket = connect(server.url + namespace, {
      transports: [transport],
      extraHeaders: headers,
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  }
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, {
      clock: () => new Date(Date.now() + skew),
      sessionRecheckEveryMs: RECHECK_MS,
    });
    staffCookie = (await signedInClient(server, "edna@example.org", "Edna Editor")).client.cookieHeader;
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it.each(["websocket", "polling"] as const)(
    "core hardening 11: a %s handshake from a foreign Origin is refused, even with a staff cookie",
    async (transport) => {
      for (const namespace of ["/admin", "/public"]) {
        const foreign = open(namespace, { cookie: staffCookie, origin: "https://evil.example" }, transport);
        expect(await connectRefusal(foreign)).toMatch(/error/);
        expect(foreign.connected).toBe(false);
      }
      // Same host, another port or scheme: another origin too.
      const port = open("/admin", { cookie: staffCookie, origin: server.url.replace(/:(\d+)$/, ":1") }, transport);
      expect(await connectRefusal(port)).toMatch(/error/);
      const scheme = open("/admin", { cookie: staffCookie, origin: server.url.replace("http:", "https:") }, transport);
      expect(await connectRefusal(scheme)).toMatch(/error/);
      // The site's own pages connect.
      await connected(open("/admin", { cookie: staffCookie, origin: server.url }, transport));
    },
  );

  it("core hardening 11: an expired session's admin socket is told session:ended and closed within the re-check interval", async () => {
    const { client } = await signedInClient(server, "exp@example.org", "Expiring Ed");
    const socket = await adminSocket(server.url, client.cookieHeader);
    sockets.push(socket);
    const told = nextPush(socket, "session:ended", () => true, RECHECK_MS * 10);
    const gone = disconnection(socket, RECHECK_MS * 10);
    skew = 15 * DAY; // past SESSION_DAYS (14)
    try {
      expect(await told).toEqual({ reason: "expired" });
      expect(await gone).toBe("io server disconnect");
      expect(await connectRefusal(open("/admin", { cookie: client.cookieHeader }, "websocket"))).toBe(
        "Authentication credentials were not provided.",
      );
    } finally {
      skew = 0;
    }
  });

  it("core hardening 11: a revoked session's admin socket closes within the interval even when this process missed the logout's push", async () => {
    const { client, user } = await signedInClient(server, "rev@example.org", "Revoked Rita");
    const socket = await adminSocket(server.url, client.cookieHeader);
    sockets.push(socket);
    const told = nextPush(socket, "session:ended", () => true, RECHECK_MS * 10);
    // The session's row gone without an event this process tails: as after a missed push.
    await sql`DELETE FROM sessions WHERE user_id = ${user.id}`.execute(server.database.db);
    expect(await told).toEqual({ reason: "logged_out" });
    expect(await disconnection(socket, RECHECK_MS * 10).catch(() => "already")).toMatch(/io server disconnect|already/);
    expect(socket.connected).toBe(false);
  });

  it("security 10: an admin socket that floods messages is disconnected; a tab watching a few records is not", async () => {
    const tab = await adminSocket(server.url, staffCookie);
    sockets.push(tab);
    for (const id of [1, 2, 3]) {
      const ack = await tab.emitWithAck("record:watch", { app: "content", model: "contentnode", id });
      expect(ack).toMatchObject({ id, lock: null });
    }
    const flooder = await adminSocket(server.url, staffCookie);
    sockets.push(flooder);
    const gone = disconnection(flooder, 5000);
    for (let i = 0; i < 5000; i++) flooder.emit("record:unwatch", { app: "content", model: "contentnode", id: i + 1 });
    expect(await gone).toMatch(/io server disconnect|transport close/);
    expect(tab.connected).toBe(true);
  });

  it("open sockets of live sessions stay open across re-checks", async () => {
    const socket = await adminSocket(server.url, staffCookie);
    sockets.push(socket);
    await new Promise((r) => setTimeout(r, RECHECK_MS * 4));
    expect(socket.connected).toBe(true);
  });
});
