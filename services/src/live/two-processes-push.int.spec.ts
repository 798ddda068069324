// Two real server processes (as `npm start` runs them) on one PostgreSQL schema, no socket.io adapter:
// each tails the shared log, so a change made through one reaches sockets connected to the other.
import { randomBytes } from "node:crypto";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LockChangedMessage } from "@shop/shared";
import { DEMO_LOGIN, DEMO_LOGIN_2 } from "../demo/demo-data.ts";
import { spawnServer, type ServerProcess } from "../platform/server-process-kit.ts";
import { dropSchema, testDatabaseUrl } from "../testing/test-database.ts";
import { TestClient } from "../testing/http-client.ts";

async function logIn(url: string, login: { email: string; password: string }): Promise<TestClient> {
  const client = new TestClient(url);
  // The process that did not load the demo data may see its users a moment later.
  for (let i = 0; i < 50; i++) {
    const res = await client.post("/api/account/login/", { email: login.email, password: login.password });
    if (res.status === 200) return client;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`cannot log in as ${login.email} on ${url}`);
}

describe.skipIf(!testDatabaseUrl())("live push between two server processes on one PostgreSQL", () => {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const env = { DATABASE_URL: testDatabaseUrl(), DATABASE_SCHEMA: schema, DEMO_DATA: "true" };
  const processes: ServerProcess[] = [];
  let socket: Socket | undefined;

  beforeAll(async () => {
    // Both start at once on the fresh schema: neither may fail on the other's migrations or demo data.
    const started = await Promise.allSettled([spawnServer(env), spawnServer(env)]);
    for (const s of started) if (s.status === "fulfilled") processes.push(s.value);
    expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual([
      "started",
      "started",
    ]);
  }, 90_000);

  afterAll(async () => {
    socket?.disconnect();
    const stopped = await Promise.all(processes.map((p) => p.stop("SIGTERM")));
    await dropSchema(testDatabaseUrl(), schema);
    expect(stopped.map((s) => s.code)).toEqual(processes.map(() => 0));
  }, 30_000);

  it("a lock taken over HTTP through process 1 reaches an admin socket on process 2 within 1 s", async () => {
    const [one, two] = processes;
    const watcher = await logIn(two.url, DEMO_LOGIN);
    socket = connect(`${two.url}/admin`, {
      transports: ["websocket"],
      extraHeaders: { cookie: watcher.cookieHeader },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.on("connect", () => resolve());
      socket!.on("connect_error", reject);
    });
    const editor = await logIn(one.url, DEMO_LOGIN_2);

    const started = Date.now();
    const pushed = new Promise<LockChangedMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no lock:changed on process 2 within 1 s")), 1000);
      socket!.on("lock:changed", (m: LockChangedMessage) => {
        if (m.id === 4242 && m.lock) {
          clearTimeout(timer);
          resolve(m);
        }
      });
    });
    const taken = await editor.post("/admin/base/record-locks/", {
      objs: [{ app: "content", model: "contentnode", id: 4242 }],
      reason: 2,
      comment: "two processes",
    });
    expect(taken.status).toBe(200);
    const message = await pushed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(message).toMatchObject({
      app: "content",
      model: "contentnode",
      id: 4242,
      lock: { user: { name: DEMO_LOGIN_2.name }, reason: 2, comment: "two processes" },
    });
  });
});
