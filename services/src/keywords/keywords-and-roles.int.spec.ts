import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const ROLES = "/admin/api/content/role/";

// Two adds racing on one node need a running server. The keyword and role rules as answers are in
// keywords.api.spec.ts and contributors/roles.api.spec.ts, on the in-memory log.
describe.each(testBackends())("keywords and contributor roles on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("two quick adds with the same sort_order (a stale list) never share a sort_order: the later goes last", async () => {
    const node = (await edna.post("/admin/api/content/contentnode/", { name: "Stale List", ignore_warnings: true })).json.id;
    const addTo = (contributor: string, sort_order: number) => edna.post(ROLES, { node, contributor, role: "Author", sort_order });
    const orders = async () => (await edna.get(`${ROLES}?node=${node}&sort=sort_order`)).json.items.map((r: { contributor: string; sort_order: number }) => [r.contributor, r.sort_order]);
    await addTo("Ken Ham", 10);
    const answers = [await addTo("Bodie Hodge", 20), await addTo("Georgia Purdom", 20)];
    expect(answers.map((a) => a.json.sort_order)).toEqual([20, 30]);
    expect(await orders()).toEqual([["Ken Ham", 10], ["Bodie Hodge", 20], ["Georgia Purdom", 30]]);
    await Promise.all([addTo("Andrew Snelling", 40), addTo("Danny Faulkner", 40)]);
    expect((await orders()).map(([, order]: [string, number]) => order)).toEqual([10, 20, 30, 40, 50]);
  });
});
