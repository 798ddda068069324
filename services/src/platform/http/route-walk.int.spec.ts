import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_FAILED, LOGIN_REQUIRED, STAFF_REQUIRED } from "@shop/shared";
import { signedInClient } from "../../testing/server-kit.ts";
import type { RunningServer } from "../../server.ts";
import { testBackends } from "../../testing/backends.ts";
import { TestClient } from "../../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../../testing/test-server.ts";
import { concretePath, listAppRoutes, type AppRoute } from "./route-list.ts";
import { STRIPE_WEBHOOK_PATH } from "../../payments/stripe-webhook-router.ts";
import { writtenSince } from "../../testing/written-since.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Routes signed by their sender instead (a gateway's webhooks): no CSRF header, but nothing without the signature. */
const SIGNED_WEBHOOKS = new Set([STRIPE_WEBHOOK_PATH]);

// The API server without front ends: the back office's page shell at /admin/ is its login page, open to all.
describe.each(testBackends())("core hardening fault tests: route walk on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let routes: AppRoute[];
  let staff: TestClient;
  let shopper: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    routes = listAppRoutes(server.app);
    staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
    shopper = (await signedInClient(server, "shopper@example.org", "Shopper", false)).client;
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("core hardening fault tests: route walk finds the app's routes", () => {
    expect(routes.length).toBeGreaterThan(50);
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const known of [
      "POST /api/account/login/",
      "PUT /admin/api/content/contentnode/:id/",
      "DELETE /admin/base/record-locks/",
      "POST /admin/content/contentnode/action/",
    ])
      expect(names).toContain(known);
  });

  it("core hardening fault tests: route walk: every unsafe route refuses a request without the CSRF header (403)", async () => {
    const unsafe = routes.filter((r) => UNSAFE.has(r.method) && !SIGNED_WEBHOOKS.has(r.path));
    expect(unsafe.length).toBeGreaterThan(20);
    const before = await server.store.head();
    // The signed webhooks refuse an unsigned request (400, or 404 where no secret is set) instead.
    for (const path of SIGNED_WEBHOOKS) {
      const res = await fetch(server.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: staff.cookieHeader },
        body: "{}",
      });
      expect([path, [400, 404].includes(res.status)]).toEqual([path, true]);
    }
    for (const { method, path } of unsafe) {
      const url = server.url + concretePath(path);
      for (const cookie of [staff.cookieHeader, "", "csrftoken=abcdefghijklmnopqrstuvwx"]) {
        const res = await fetch(url, { method, headers: { "content-type": "application/json", cookie }, body: "{}" });
        expect([method, path, res.status], cookie).toEqual([method, path, 403]);
        expect((await res.json()).metadata.errors).toEqual([`__all__: ${CSRF_FAILED}`]);
      }
      // A header that does not match the cookie is no better than none.
      const wrong = await fetch(url, {
        method,
        headers: { "content-type": "application/json", cookie: staff.cookieHeader, "x-csrftoken": "x".repeat(32) },
        body: "{}",
      });
      expect([method, path, wrong.status]).toEqual([method, path, 403]);
    }
    expect(await writtenSince(server.store, before)).toEqual([]);
  });

  it("core hardening fault tests: route walk: every /admin/** route refuses anonymous (401) and non-staff (403) users", async () => {
    const admin = routes.filter((r) => r.path.startsWith("/admin/"));
    expect(admin.length).toBeGreaterThan(40);
    const anonymous = new TestClient(server.url);
    const before = await server.store.head();
    for (const { method, path } of admin) {
      const body = UNSAFE.has(method) ? {} : undefined;
      const visitor = await anonymous.request(method, concretePath(path), body);
      expect([method, path, visitor.status, visitor.json?.metadata.errors]).toEqual([
        method,
        path,
        401,
        [`__all__: ${LOGIN_REQUIRED}`],
      ]);
      const nonStaff = await shopper.request(method, concretePath(path), body);
      expect([method, path, nonStaff.status, nonStaff.json?.metadata.errors]).toEqual([
        method,
        path,
        403,
        [`__all__: ${STAFF_REQUIRED}`],
      ]);
    }
    expect(await writtenSince(server.store, before)).toEqual([]);
  });

  it("core hardening fault tests: route walk: a path id past 2^31-1 is 404 on every route with an id, and writes nothing", async () => {
    const withId = routes.filter((r) => r.path.includes(":"));
    expect(withId.length).toBeGreaterThan(10);
    const before = await server.store.head();
    for (const { method, path } of withId) {
      const res = await staff.request(
        method,
        concretePath(path, "3000000000"),
        UNSAFE.has(method) ? { keyword: 1, name: "x" } : undefined,
      );
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(await writtenSince(server.store, before)).toEqual([]);
  });
});
