import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparePositions } from "@shop/shared";
import { signedInClient } from "../../testing/server-kit.ts";
import type { RunningServer } from "../../server.ts";
import { testBackends } from "../../testing/backends.ts";
import type { TestClient } from "../../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../../testing/test-server.ts";

const HUGE = "3000000000";

describe.each(testBackends())("request errors on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("core hardening 12: a JSON body with charset=latin1 answers 415 and writes nothing", async () => {
    const before = await server.store.head();
    const body = { objs: [{ app: "content", model: "contentnode", id: 1 }] };
    for (const [path, method] of [
      ["/admin/base/record-locks/", "POST"],
      ["/api/account/login/", "POST"],
      ["/admin/api/content/contentnode/1/", "PUT"],
    ] as const) {
      const headers = {
        "content-type": "application/json; charset=latin1",
        cookie: staff.cookieHeader,
        "x-csrftoken": staff.cookies.get("csrftoken")!,
      };
      const res = await fetch(server.url + path, { method, headers, body: JSON.stringify(body) });
      expect([path, res.status]).toEqual([path, 415]);
      expect((await res.json()).metadata).toEqual({
        success: false,
        code: "UNSUPPORTED_ENCODING",
        message: expect.any(String),
        errors: [expect.stringMatching(/^__all__: .*charset/)],
      });
    }
    expect(comparePositions(await server.store.head(), before)).toBe(0);
  });

  it("core hardening 12: ids past 2^31-1 in query strings answer 400 with a line naming the parameter", async () => {
    const cases: Array<[string, string]> = [
      [`/admin/api/tree/pendingrewritebatch/?node=${HUGE}`, "node"],
      [`/admin/api/content/role/?node=${HUGE}`, "node"],
      [`/admin/api/content/keyword/?content_nodes__id=${HUGE}`, "content_nodes__id"],
      [`/admin/api/base/cmsactionevent/?object_id=${HUGE}`, "object_id"],
      [`/admin/api/base/cmsactionevent/?content_type=${HUGE}`, "content_type"],
      [`/admin/api/content/keyword/?start=${HUGE}`, "start"],
    ];
    for (const [path, field] of cases) {
      const res = await staff.get(path);
      expect([path, res.status, res.json.metadata.errors]).toEqual([
        path,
        400,
        [`${field}: Ensure this value is less than or equal to 2147483647.`],
      ]);
    }
    // The record picker's id lists ignore an id no record can have, like any other junk in them (shared/src/lookups/api.ts).
    for (const path of [
      `/admin/api/content/contentnode/?ids=[1,${HUGE}]`,
      `/admin/api/product/sku/?exclude=[${HUGE}]`,
    ]) {
      expect([path, (await staff.get(path)).status]).toEqual([path, 200]);
    }
    // Its search also comes as a POST body, a query string by another name: bounded the same way.
    const search = await staff.post("/admin/api/base/dbtemplate/query/", { start: HUGE, count: 5 });
    expect([search.status, search.json.metadata.errors]).toEqual([
      400,
      ["start: Ensure this value is less than or equal to 2147483647."],
    ]);
  });

  it("core hardening fault tests: a null character in a query string or a body is 400 naming the field, not 500", async () => {
    const before = await server.store.head();
    const cases: Array<[string, string, unknown, string]> = [
      ["GET", "/admin/api/content/keyword/?query=a%00b", undefined, "query"],
      ["GET", "/api/content/page/?url=%2F%00", undefined, "url"],
      [
        "GET",
        `/admin/api/content/contentnode/?filters=${encodeURIComponent('{"name":"\\u0000"}')}`,
        undefined,
        "filters",
      ],
      ["POST", "/admin/api/content/keyword/", { name: "Flood\u0000" }, "name"],
      [
        "POST",
        "/admin/base/record-locks/",
        { objs: [{ app: "content\u0000", model: "contentnode", id: 1 }] },
        "objs.0.app",
      ],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await staff.request(method, path, body);
      expect([path, res.status, res.json.metadata.errors]).toEqual([
        path,
        400,
        [`${field}: Null characters are not allowed.`],
      ]);
    }
    expect(comparePositions(await server.store.head(), before)).toBe(0);
  });

  it("security 19: a body or query nested 400,000 levels deep answers 400 with the usual errors, never 500", async () => {
    const before = await server.store.head();
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
    const headers = {
      "content-type": "application/json",
      cookie: staff.cookieHeader,
      "x-csrftoken": staff.cookies.get("csrftoken")!,
    };
    for (const [path, method] of [
      ["/api/account/login/", "POST"],
      ["/admin/base/record-locks/", "POST"],
      ["/admin/api/content/contentnode/1/", "PUT"],
      ["/newsletters/signup/", "POST"],
    ] as const) {
      for (const body of [deep(400_000), deepObject(150_000), `{"objs":${deep(400_000)}}`]) {
        const res = await fetch(server.url + path, { method, headers, body });
        const answer = await res.json();
        expect([path, body.slice(0, 8), res.status]).toEqual([path, body.slice(0, 8), 400]);
        expect(answer.metadata).toMatchObject({ success: false, code: "INVALID_REQUEST" });
        expect(answer.metadata.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^[\w.]+: /)]));
      }
    }
    // A query string: the longest a request line may be (Node's 16 KiB of headers), and one past it.
    for (const query of [
      `/api/store/shop/apply-discounts/?discounts=${deep(2_400)}`,
      `/admin/api/content/contentnode/?filters=${deep(7_000)}`,
      `/api/nav/get-menu-layer/?parents=${deep(7_000)}`,
      `/api/store/products/?x=${deep(400_000)}`,
    ]) {
      const res = await fetch(server.url + query, { headers: { cookie: staff.cookieHeader } });
      expect([query.slice(0, 40), res.status]).toEqual([query.slice(0, 40), query.length > 16_000 ? 431 : 400]);
    }
    expect(comparePositions(await server.store.head(), before)).toBe(0);
  });
});
