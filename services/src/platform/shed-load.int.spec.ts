import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

// Load shedding (issue 28, point 5): a pool of two connections, both held by requests blocked on a
// table another session has locked, and a third request queued behind them. Once that one has
// waited past DATABASE_SHED_AFTER_MS, new API requests are refused at once.
const onPostgres = testBackends().some((b) => !b.pglite);
const CAMPAIGN = "/api/store/campaign-status/?campaign=ark-main";
const SHED_AFTER_MS = 300;

describe.skipIf(!onPostgres)("load shedding", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let client: TestClient;

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place, { demoData: true, poolSize: 2, shedAfterMs: SHED_AFTER_MS });
    client = new TestClient(server.url);
    for (let i = 0; i < 300 && (await fetch(`${server.url}/readyz`)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (place) await removeTestPlace(place);
  });

  /** Holds the campaigns table locked from a session of its own until the returned function is called. */
  async function lockCampaigns(): Promise<() => Promise<void>> {
    const session = new pg.Client({ connectionString: place.url });
    await session.connect();
    await session.query("BEGIN");
    await session.query(`LOCK TABLE ${place.schema}.campaigns IN ACCESS EXCLUSIVE MODE`);
    return async () => {
      await session.query("ROLLBACK");
      await session.end();
    };
  }

  it("an API request arriving while the oldest database waiter has waited too long is answered 503 SERVER_BUSY at once, with Retry-After", {
    timeout: 30_000,
  }, async () => {
    expect((await client.get(CAMPAIGN)).status).toBe(200);
    const unlock = await lockCampaigns();
    let admitted: Promise<number[]> = Promise.resolve([]);
    try {
      // Two hold the pool's connections on the lock, the third waits for a connection.
      admitted = Promise.all([1, 2, 3].map(async () => (await fetch(`${server.url}${CAMPAIGN}`)).status));
      await new Promise((r) => setTimeout(r, SHED_AFTER_MS + 400));
      const started = performance.now();
      const refused = await client.get(CAMPAIGN);
      const took = performance.now() - started;
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("2");
      expect(refused.json).toEqual({
        metadata: {
          success: false,
          code: "SERVER_BUSY",
          message: "The shop is very busy just now. Please try again in a moment.",
          errors: ["__all__: The shop is very busy just now. Please try again in a moment."],
        },
      });
      expect(took).toBeLessThan(250); // answered without waiting for the database
      // A write is refused the same way, before anything is written.
      const write = await client.post("/api/account/login/", {
        email: "nobody@example.org",
        password: "not a password",
      });
      expect([write.status, write.json.metadata.code]).toEqual([503, "SERVER_BUSY"]);
      // What never waits for the pool is still answered.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await unlock();
    }
    // The requests admitted before the overload are served, not dropped.
    expect(await admitted).toEqual([200, 200, 200]);
  });

  it("once the database queue drains, API requests are served again", { timeout: 30_000 }, async () => {
    const unlock = await lockCampaigns();
    const admitted = Promise.all([1, 2, 3].map(() => fetch(`${server.url}${CAMPAIGN}`)));
    await new Promise((r) => setTimeout(r, SHED_AFTER_MS + 400));
    expect((await client.get(CAMPAIGN)).status).toBe(503);
    await unlock();
    await admitted;
    const answer = await client.get(CAMPAIGN);
    expect([answer.status, answer.json.metadata.success]).toEqual([200, true]);
  });

  it("a short wait for a connection sheds nothing: many requests at once on a pool of two are all served", {
    timeout: 30_000,
  }, async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => (await fetch(`${server.url}${CAMPAIGN}`)).status),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it("the API document lists SERVER_BUSY among each API operation's 503 codes", async () => {
    const document = (await client.get("/api/openapi.json")).json;
    const described: string = document.paths["/api/store/campaign-status/"].get.responses["503"].description;
    expect(described).toContain("SERVER_BUSY");
  });
});
