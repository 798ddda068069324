import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_THROTTLED } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { DEVICE_COOKIE } from "./device-cookie.ts";
import { LOGIN_LIMITS } from "./login-throttle.ts";
import { registerUser } from "./register-user.ts";

describe.each(testBackends())("login throttle on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    // Behind a proxy, so each request can come from an address of its own (X-Forwarded-For).
    server = await startTestServer(place, { behindProxy: true });
    for (const email of ["target@example.org", "botnet@example.org", "office@example.org", "owner@example.org"]) {
      const user = await registerUser(
        { store: server.store, db: server.database.db, clock: () => new Date() },
        { email, password: "the right one", isStaff: false },
      );
      await server.runner.waitFor(user.position);
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  async function readyClient() {
    const client = new TestClient(server.url);
    await client.get("/api/account/me/"); // the csrftoken cookie, once, before the parallel burst
    return client;
  }

  it("core hardening 10: 30 parallel wrong logins give at most 5 answers that are not 429", async () => {
    const client = await readyClient();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.post(
          "/api/account/login/",
          { email: "target@example.org", password: `guess ${i}` },
          { "x-forwarded-for": "203.0.113.7" },
        ),
      ),
    );
    const notThrottled = answers.filter((a) => a.status !== 429);
    expect(notThrottled.length).toBeLessThanOrEqual(LOGIN_LIMITS.perAddressAndEmail);
    expect(notThrottled.every((a) => a.status === 400)).toBe(true);
    const throttled = answers.find((a) => a.status === 429)!;
    expect(throttled.json.metadata).toEqual({
      success: false,
      code: "LOGIN_THROTTLED",
      message: LOGIN_THROTTLED,
      errors: [`__all__: ${LOGIN_THROTTLED}`],
    });
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // The right password from that address is refused too until the window has passed.
    const right = await client.post(
      "/api/account/login/",
      { email: "target@example.org", password: "the right one" },
      { "x-forwarded-for": "203.0.113.7" },
    );
    expect(right.status).toBe(429);
  });

  it("security 13: many addresses against one account are slowed down per account, never refused", {
    timeout: 60_000,
  }, async () => {
    const client = await readyClient();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.post(
          "/api/account/login/",
          { email: "botnet@example.org", password: `guess ${i}` },
          { "x-forwarded-for": `198.51.100.${i + 1}` },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(400));
    const started = Date.now();
    const fresh = await client.post(
      "/api/account/login/",
      { email: "botnet@example.org", password: "the right one" },
      { "x-forwarded-for": "198.51.100.200" },
    );
    expect(fresh.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_LIMITS.accountDelayMaxMs);
  });

  it("security 13: wrong passwords from two other addresses do not lock the owner out", {
    timeout: 60_000,
  }, async () => {
    const owner = await readyClient();
    const right = { email: "owner@example.org", password: "the right one" };
    const signedIn = await owner.post("/api/account/login/", right, { "x-forwarded-for": "192.0.2.50" });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie)?.[1])).toBeGreaterThanOrEqual(300 * 86_400);

    const attacker = await readyClient();
    for (const address of ["203.0.113.21", "203.0.113.22"])
      for (let i = 0; i < LOGIN_LIMITS.perAddressAndEmail; i++) {
        const wrong = { email: "owner@example.org", password: `guess ${i}` };
        expect((await attacker.post("/api/account/login/", wrong, { "x-forwarded-for": address })).status).toBe(400);
      }

    // The owner's browser, from a third address: in at once.
    expect((await owner.post("/api/account/login/", right, { "x-forwarded-for": "192.0.2.51" })).status).toBe(200);
    // A browser that never signed in to the account: in too, after a wait rather than a 429.
    const started = Date.now();
    const newBrowser = await (await readyClient()).post("/api/account/login/", right, {
      "x-forwarded-for": "192.0.2.52",
    });
    expect(newBrowser.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_LIMITS.accountDelayStepMs);
    // The limit per address and email is unchanged: the sixth guess from one address is a 429 with Retry-After.
    const sixth = await attacker.post(
      "/api/account/login/",
      { email: "owner@example.org", password: "guess 6" },
      { "x-forwarded-for": "203.0.113.21" },
    );
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("core hardening 10: counters are shared through the database, so a restarted server still refuses", async () => {
    await server.close();
    server = await startTestServer(place, { behindProxy: true });
    const client = await readyClient();
    const again = await client.post(
      "/api/account/login/",
      { email: "target@example.org", password: "guess" },
      { "x-forwarded-for": "203.0.113.7" },
    );
    expect(again.status).toBe(429);
  });

  it("successful logins do not count: a shared office address keeps signing in", async () => {
    const client = await readyClient();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAccount + 2; i++) {
      const res = await client.post(
        "/api/account/login/",
        { email: "office@example.org", password: "the right one" },
        { "x-forwarded-for": "192.0.2.10" },
      );
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
