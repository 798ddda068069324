import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server.ts";
import { testBackends } from "../../testing/backends.ts";
import type { TestClient } from "../../testing/http-client.ts";
import { signedInClient } from "../../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../../testing/test-server.ts";

/** A built back office and storefront, so the server mounts its page routes as it does in production. */
function fakeFrontEnds(): string {
  const root = mkdtempSync(join(tmpdir(), "front-ends-"));
  for (const app of ["admin", "web"]) {
    mkdirSync(join(root, app, "dist"), { recursive: true });
    writeFileSync(join(root, app, "dist", "index.html"), `<!doctype html><title>${app} app</title>`);
  }
  return root;
}

const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

/** A GET carrying a body that is not JSON, sent with no cookie (fetch cannot send a GET body). */
function getWithBrokenJson(url: string): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "GET", headers: { "content-type": "application/json", "content-length": "9" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, setCookie: res.headers["set-cookie"] ?? [] }));
      },
    );
    req.on("error", reject);
    req.end("{not json");
  });
}

describe.each(testBackends())("admin routes and the csrftoken cookie on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  let shopper: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { frontEndRoot: fakeFrontEnds() });
    ({ client: staff } = await signedInClient(server, "staff@example.org", "Staff"));
    ({ client: shopper } = await signedInClient(server, "shopper@example.org", "Shopper", false));
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("/admin/base/ answers a browser 401 when anonymous and 403 when not staff, page or API alike", async () => {
    for (const path of [
      "/admin/base/cmsactionevent/",
      "/admin/base/record-locks/?app=content&model=contentnode&id=1",
      "/admin/base/anything/else/",
    ]) {
      for (const accept of [html, { accept: "application/json" }, {}]) {
        const anonymous = await fetch(server.url + path, { headers: accept });
        expect([path, anonymous.status]).toEqual([path, 401]);
        expect((await anonymous.json()).metadata.errors).toEqual([
          "__all__: Authentication credentials were not provided.",
        ]);
        const nonStaff = await fetch(server.url + path, { headers: { ...accept, cookie: shopper.cookieHeader } });
        expect([path, nonStaff.status]).toEqual([path, 403]);
        expect(await nonStaff.text()).not.toContain("admin app");
      }
    }
  });

  it("staff navigating to a back-office page under /admin/base/ get the back office; its API still answers JSON", async () => {
    const page = await fetch(`${server.url}/admin/base/cmsactionevent/`, {
      headers: { ...html, cookie: staff.cookieHeader },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("admin app");
    const api = await fetch(`${server.url}/admin/base/record-locks/?app=content&model=contentnode&id=1`, {
      headers: { ...html, cookie: staff.cookieHeader },
    });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ metadata: { success: true }, lock: null });
  });

  it("every answer sets a csrftoken cookie when the request had none: health checks, refusals and body-parse errors too", async () => {
    const hasToken = (cookies: string[]) => cookies.some((c) => /^csrftoken=[\w-]{16,}/.test(c));
    for (const path of ["/healthz", "/readyz", "/api/account/me/", "/api/nothing-here/", "/admin/api/base/audit/"]) {
      const res = await fetch(server.url + path);
      expect([path, hasToken(res.headers.getSetCookie())]).toEqual([path, true]);
    }
    const refused = await fetch(`${server.url}/api/account/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(403);
    expect(hasToken(refused.headers.getSetCookie())).toBe(true);
    const broken = await getWithBrokenJson(`${server.url}/api/account/me/`);
    expect(broken.status).toBe(400);
    expect(hasToken(broken.setCookie)).toBe(true);
  });
});
