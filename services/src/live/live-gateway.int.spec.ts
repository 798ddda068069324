import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

function connectSocket(url: string, namespace: string, cookie?: string): Socket {
  return connect(url + namespace, {
    transports: ["websocket"],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    forceNew: true,
  });
}

function nextMessage<T>(socket: Socket, name: string, match: (m: T) => boolean, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${name}' within ${timeoutMs} ms`)), timeoutMs);
    socket.on(name, (m: T) => {
      if (match(m)) {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });
}

function connectError(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.on("connect_error", (e) => resolve(e.message)));
}

describe.skipIf(!testDatabaseUrl())("live push across two server processes on one PostgreSQL", () => {
  let place: TestServerPlace;
  let one: RunningServer;
  let two: RunningServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    place = newTestPlace();
    one = await startTestServer(place);
    two = await startTestServer(place);
    for (const [email, isStaff] of [
      ["staff@example.org", true],
      ["fan@example.org", false],
    ] as const) {
      const u = await registerUser(
        { store: one.store, db: one.database.db, clock: () => new Date() },
        { email, password: "long enough", isStaff },
      );
      await one.runner.waitFor(u.position);
      await two.runner.waitFor(u.position);
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await one?.close();
    await two?.close();
    await removeTestPlace(place);
  });

  it("a change made through process 1 reaches an admin socket on process 2 within 1 s", async () => {
    const staff = new TestClient(two.url);
    await staff.post("/api/account/login/", { email: "staff@example.org", password: "long enough" });
    const socket = connectSocket(two.url, "/admin", staff.cookieHeader);
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));

    const fan = new TestClient(one.url);
    const started = Date.now();
    // Pushes wait for the read models, so the staff's own login may still be on its way: match the fan's.
    const pushed = nextMessage<{ type: string; stream: string; user_name: string | null }>(
      socket,
      "audit:event",
      (m) => m.type === "UserLoggedIn" && m.user_name === "fan",
      1000,
    );
    const login = await fan.post("/api/account/login/", { email: "fan@example.org", password: "long enough" });
    const message = await pushed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(message).toEqual({
      position: expect.any(Number),
      time: expect.any(String),
      stream: `user-${login.json.user.id}`,
      type: "UserLoggedIn",
      user: login.json.user.id,
      user_name: "fan",
    });
    // A push carries no secret: neither the session id nor its hash.
    expect(JSON.stringify(message)).not.toContain(fan.cookies.get("sessionid"));
    expect(JSON.stringify(message)).not.toMatch(/sessionHash|passwordHash/);
  });

  it("the admin namespace refuses visitors and non-staff at connect", async () => {
    const visitor = connectSocket(two.url, "/admin");
    sockets.push(visitor);
    expect(await connectError(visitor)).toBe("Authentication credentials were not provided.");
    const fan = new TestClient(two.url);
    await fan.post("/api/account/login/", { email: "fan@example.org", password: "long enough" });
    const nonStaff = connectSocket(two.url, "/admin", fan.cookieHeader);
    sockets.push(nonStaff);
    expect(await connectError(nonStaff)).toBe("You do not have permission to perform this action.");
  });

  it("the public namespace accepts anyone", async () => {
    const visitor = connectSocket(one.url, "/public");
    sockets.push(visitor);
    await new Promise<void>((resolve) => visitor.on("connect", () => resolve()));
    visitor.emit("join", { campaign: "ark-main" });
    expect(visitor.connected).toBe(true);
  });
});

describe("live push on PGlite", () => {
  it("an admin socket receives changes made through the same process", async () => {
    const place = newTestPlace({ pglite: true });
    const server = await startTestServer(place);
    try {
      const u = await registerUser(
        { store: server.store, db: server.database.db, clock: () => new Date() },
        { email: "staff@example.org", password: "long enough", isStaff: true },
      );
      await server.runner.waitFor(u.position);
      const staff = new TestClient(server.url);
      await staff.post("/api/account/login/", { email: "staff@example.org", password: "long enough" });
      const socket = connectSocket(server.url, "/admin", staff.cookieHeader);
      await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
      const pushed = nextMessage<{ type: string }>(socket, "audit:event", (m) => m.type === "UserLoggedOut", 1000);
      await staff.post("/api/account/logout/");
      expect((await pushed).type).toBe("UserLoggedOut");
      socket.disconnect();
    } finally {
      await server.close();
    }
  });
});
