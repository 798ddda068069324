import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START, readAllCommitted } from "@shop/shared";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { notVisibleYetAnswer } from "../testing/not-visible-yet.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

describe.each(testBackends())("core hardening 3: read-your-writes that times out on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let nodeId: number;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    nodeId = (await edna.post("/admin/api/content/contentnode/", { name: "Home", ignore_warnings: true })).json.id;
    // Hold the read side back: nothing projects from here on, so no write becomes visible.
    await server.runner.stop();
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const typesInLog = async () => (await readAllCommitted(server.store, START, { limit: 100_000 })).map((e) => e.type);

  it("core hardening 3: a write whose read models did not catch up answers 503 with the not-visible line; the write is in the log", async () => {
    const res = await edna.post("/admin/api/content/keyword/", { name: "Ark" });
    expect([res.status, res.json]).toEqual([503, notVisibleYetAnswer]);
    expect(await typesInLog()).toContain("KeywordCreated");

    const saved = await edna.request("PUT", `/admin/api/content/contentnode/${nodeId}/`, { name: "Home again" });
    expect([saved.status, saved.json]).toEqual([503, notVisibleYetAnswer]);
    const node = await server.store.readStream(`contentnode-${nodeId}`);
    expect(node.map((e) => e.type)).toContain("ContentNodeSaved");
  });

  it("core hardening 3: logout answers 503, not success, while the session still works; the logout is in the log", async () => {
    const cookieBefore = edna.cookieHeader;
    const res = await edna.post("/api/account/logout/");
    expect([res.status, res.json]).toEqual([503, notVisibleYetAnswer]);
    expect(await typesInLog()).toContain("UserLoggedOut");
    // The browser drops its cookie all the same; the old cookie still works until the sessions read model catches up.
    expect(edna.cookies.has("sessionid")).toBe(false);
    const me = await fetch(`${server.url}/api/account/me/`, { headers: { cookie: cookieBefore } });
    expect((await me.json()).user?.email).toBe("edna@example.org");
  });
});
