import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../../testing/test-server.ts";
import { listAppRoutes } from "../http/route-list.ts";
import { openApiPath } from "./document.ts";

// One PGlite server: the document is the same on every backend, and the route walk reads the live app's router.
describe("code health 6: the API reference", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let document: any;

  beforeAll(async () => {
    place = newTestPlace({ pglite: true });
    server = await startTestServer(place);
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    document = await res.json();
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("code health 6: every route the express router answers is in /api/openapi.json, and nothing else", () => {
    const routes = listAppRoutes(server.app).map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(routes.length).toBeGreaterThan(60);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(
      routes.filter((r) => !documented.includes(r)),
      "routes missing from the document",
    ).toEqual([]);
    expect(
      documented.filter((d) => !routes.includes(d)),
      "documented routes the app does not have",
    ).toEqual([]);
  });

  it("code health 6: /api/openapi.json validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect([result.valid, validator.version]).toEqual([true, "3.1"]);
  });

  it("code health 6: the document has the envelope, the CSRF header and cookie, the session cookie, and the shared request schemas", () => {
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: "apiKey", in: "cookie", name: "sessionid" }),
      csrfHeader: expect.objectContaining({ type: "apiKey", in: "header", name: "X-CSRFToken" }),
      csrfCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "csrftoken" }),
    });
    expect(document.components.schemas.Metadata.properties).toMatchObject({
      success: { type: "boolean" },
      message: { type: "string" },
      errors: { type: "array" },
      code: { type: "string" },
    });
    expect(document.components.schemas.Metadata.required).toEqual(["success"]);
    // The error codes and their statuses come from the error middleware's table.
    expect(document.components.schemas.Metadata.properties.code.enum).toEqual(
      expect.arrayContaining(["ALREADY_LOCKED", "STALE_VERSION"]),
    );
    expect(document.components.schemas.Metadata.properties.code.description).toContain("ALREADY_LOCKED (409)");

    const save = document.paths["/admin/api/content/contentnode/{id}/"].put;
    expect(save.security).toEqual([{ session: [], csrfHeader: [], csrfCookie: [] }]);
    expect(save.parameters).toEqual([expect.objectContaining({ in: "path", name: "id", required: true })]);
    // UpdateNodeRequest (shared/src/content/api.ts), with its bounds from request-fields.ts.
    expect(save.requestBody.content["application/json"].schema.properties.name).toEqual({
      type: "string",
      minLength: 1,
      maxLength: 255,
    });
    expect(Object.keys(save.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "default"]));

    const login = document.paths["/api/account/login/"].post;
    expect(login.security).toEqual([{ csrfHeader: [], csrfCookie: [] }]);
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["email", "password"]);
    expect(document.paths["/api/account/me/"].get.security).toEqual([{}]);
    expect(document.paths["/admin/api/base/audit/"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "start",
      "count",
      "stream",
      "type",
      "user",
    ]);
  });

  it("code health 6: /api/docs/ is a page that runs under the app's CSP with its script and styles served from this server", async () => {
    const page = await fetch(`${server.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attrs, inline]) => [attrs.trim(), inline])).toEqual([
      ['src="/api/docs/swagger-ui-bundle.js"', ""],
      ['src="/api/docs/start.js"', ""],
    ]);
    for (const [file, type] of [
      ["swagger-ui-bundle.js", "javascript"],
      ["start.js", "javascript"],
      ["swagger-ui.css", "text/css"],
    ]) {
      const res = await fetch(`${server.url}/api/docs/${file}`);
      expect([file, res.status, res.headers.get("content-type")]).toEqual([file, 200, expect.stringContaining(type)]);
    }
    expect(await (await fetch(`${server.url}/api/docs/start.js`)).text()).toContain('url: "/api/openapi.json"');
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).toBe(404);
  });

  it("security 19: /api/docs/ names that an object inherits answer 404, never 500", async () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"]) {
      const res = await fetch(`${server.url}/api/docs/${name}`);
      expect([name, res.status]).toEqual([name, 404]);
      expect((await res.json()).metadata).toMatchObject({ success: false });
    }
  });
});
