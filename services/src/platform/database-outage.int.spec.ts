import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { type DatabaseProxy, startDatabaseProxy } from "../testing/database-proxy.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

// PostgreSQL going away under a running server (issue 23, point 4): the server reaches the database
// through a proxy the test takes away and brings back, as a restart would.
const onPostgres = testBackends().some((b) => !b.pglite);

describe.skipIf(!onPostgres)("the database going away", () => {
  let real: TestServerPlace;
  let place: TestServerPlace;
  let proxy: DatabaseProxy;
  let server: RunningServer;
  let client: TestClient;
  const CAMPAIGN = "/api/store/campaign-status/?campaign=ark-main";

  const waitFor = async (what: () => Promise<boolean>, ms: number) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if (await what().catch(() => false)) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`not within ${ms} ms`);
  };

  beforeAll(async () => {
    real = newTestPlace();
    proxy = await startDatabaseProxy(real.url);
    place = { ...real, url: proxy.url };
    server = await startTestServer(place, { demoData: true });
    client = new TestClient(server.url);
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 30_000);
    await client.get("/api/account/me/"); // its CSRF cookie, as a page open before the outage has
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    if (real) await removeTestPlace(real);
  });

  it("money 4: while the database is away, reads and writes answer 503 DATABASE_UNAVAILABLE with Retry-After, within 10 s, never 500", {
    timeout: 60_000,
  }, async () => {
    expect((await client.get(CAMPAIGN)).status).toBe(200);
    await proxy.down();
    try {
      for (const request of [
        () => client.get(CAMPAIGN),
        () => client.get("/api/store/shop/add-to-cart/?Ark=5"),
        () => client.post("/api/account/login/", { email: "nobody@example.org", password: "not a password" }),
      ]) {
        const started = Date.now();
        const answer = await request();
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe("5");
        expect(answer.json.metadata).toMatchObject({ success: false, code: "DATABASE_UNAVAILABLE" });
      }
      const ready = await fetch(`${server.url}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([503, { status: "database-unavailable" }]);
    } finally {
      await proxy.up();
    }
  });

  it("money 4: the server serves again within 10 s of the database's return, without a restart, and projects again", {
    timeout: 60_000,
  }, async () => {
    await proxy.down();
    await new Promise((r) => setTimeout(r, 1500)); // long enough for the leader to notice its lost lock
    await proxy.up();
    const back = await waitFor(async () => (await client.get(CAMPAIGN)).status === 200, 10_000);
    expect(back).toBeLessThan(10_000);
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, 10_000);
    // A write after the outage reaches the read models: the leader took its lock again and projects.
    const email = `after-outage-${Date.now()}@example.org`;
    const signUp = await client.post("/api/account/signup/", {
      name: "After Outage",
      email,
      password: "correct horse battery",
    });
    expect(signUp.json.metadata.success).toBe(true);
    const other = new TestClient(server.url);
    await waitFor(
      async () =>
        (await other.post("/api/account/login/", { email, password: "correct horse battery" })).status === 200,
      10_000,
    );
  });

  it("money 4: its backends terminated under load (pg_terminate_backend), every answer is 2xx, 4xx or 503, never 500", {
    timeout: 60_000,
  }, async () => {
    const admin = new pg.Client({ connectionString: real.url });
    await admin.connect();
    const statuses: number[] = [];
    let running = true;
    const shopper = async () => {
      const visitor = new TestClient(server.url);
      while (running) {
        statuses.push((await visitor.get(CAMPAIGN)).status);
        statuses.push((await visitor.get("/api/store/shop/add-to-cart/?Ark=1")).status);
      }
    };
    const shoppers = Array.from({ length: 8 }, shopper);
    try {
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 600));
        // Only this server's sessions (its application_name): other tests share the PostgreSQL.
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()",
          [`shop:${real.schema}`],
        );
      }
      await new Promise((r) => setTimeout(r, 600));
    } finally {
      running = false;
      await Promise.all(shoppers);
      await admin.end();
    }
    const unexpected = statuses.filter((s) => !(s < 500 || s === 503));
    expect(unexpected).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(10);
    await waitFor(async () => (await client.get(CAMPAIGN)).status === 200, 10_000);
  });
});
