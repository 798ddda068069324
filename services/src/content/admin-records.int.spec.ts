import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

// The endpoints behind the back office's record pages (issue 12 points 3 and 4).
describe.each(testBackends())("admin record endpoints on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let ednaId: string;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { demoData: true });
    const signedIn = await signedInClient(server, "edna@example.org", "Edna Editor");
    edna = signedIn.client;
    ednaId = signedIn.user.id;
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("back office 3: a menu node's status menu runs the async action (Live to Changes Pending) and publish", async () => {
    const before = (await edna.get("/admin/api/tree/menunode/3/")).json;
    const pending = await edna.post("/admin/tree/menunode/action/", { action: "async", pk: 3 });
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({ metadata: { success: true }, id: 3, status: "Changes Pending" });
    expect(pending.json.version).toBe(before.version + 1);
    expect((await edna.get("/admin/api/tree/menunode/3/")).json.status).toBe("Changes Pending");
    const live = await edna.post("/admin/tree/menunode/action/", { action: "publish", id: 3 });
    expect(live.json.status).toBe("Live");
  });

  it("back office 3: an unknown menu node's action answers 404 and writes nothing", async () => {
    const res = await edna.post("/admin/tree/menunode/action/", { action: "publish", pk: 99999 });
    expect(res.status).toBe(404);
    expect(res.json.metadata.success).toBe(false);
  });

  it("back office 3: each pending rewrite batch opens at /admin/api/tree/pendingrewritebatch/{id}/", async () => {
    await edna.request("PUT", "/admin/api/tree/menunode/2/", { url: "/about-records/", ignore_warnings: true });
    const list = (await edna.get("/admin/api/tree/pendingrewritebatch/?node=2")).json;
    expect(list.total).toBeGreaterThan(0);
    const batch = list.items[0];
    const one = await edna.get(`/admin/api/tree/pendingrewritebatch/${batch.id}/`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual({
      metadata: { success: true },
      id: batch.id,
      node: 2,
      old_url: batch.old_url,
      new_url: "/about-records/",
      created_at: expect.any(String),
      created_by: ednaId,
    });
    expect((await edna.get("/admin/api/tree/pendingrewritebatch/99999/")).status).toBe(404);
  });

  it("back office 4: a keyword opens at /admin/api/content/keyword/{id}/ with its use counts", async () => {
    const res = await edna.get("/admin/api/content/keyword/4/");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      metadata: { success: true },
      id: 4,
      name: "Genesis",
      slug: "genesis",
      our_uses: expect.any(Number),
      monthly_searches: expect.any(Number),
    });
    expect(res.json.our_uses).toBeGreaterThan(0);
    expect((await edna.get("/admin/api/content/keyword/99999/")).status).toBe(404);
  });

  it("back office 4: a scheduled action opens at /admin/api/base/cmsactionevent/{id}/", async () => {
    const created = await edna.post("/admin/api/base/cmsactionevent/", {
      action_time: "2031-12-01 14:30",
      action: "publish",
      object_id: 2,
      content_type: 143,
    });
    const res = await edna.get(`/admin/api/base/cmsactionevent/${created.json.id}/`);
    expect(res.json).toMatchObject({ id: created.json.id, action: "publish", object_id: 2, content_type: 143 });
  });
});
