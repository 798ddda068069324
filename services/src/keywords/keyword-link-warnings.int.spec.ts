import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const KEYWORDS = "/admin/api/content/keyword/";

// The keyword link answers the node form's warnings, like a save does.
describe.each(testBackends())("keyword link warnings on $name", ({ pglite }) => {
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

  it("back office 2: linking a keyword that repeats a word more than 4 times answers the warning; ignore_warnings links it", async () => {
    const page = (await edna.post("/admin/api/content/contentnode/", { name: "Flood Page", ignore_warnings: true }))
      .json.id;
    const link = (keyword: number, extra: Record<string, unknown> = {}) =>
      edna.post(`/admin/api/content/contentnode/${page}/keywords/`, { keyword, ...extra });
    const ids: number[] = [];
    for (const name of ["Flood One", "Flood Two", "Flood Three", "Flood Four", "Flood Five"])
      ids.push((await edna.post(KEYWORDS, { name })).json.id);
    for (const id of ids.slice(0, 4)) expect((await link(id)).status).toBe(200);
    const warned = await link(ids[4]);
    expect([warned.status, warned.json]).toEqual([
      400,
      {
        metadata: {
          success: false,
          code: "NODE_HAS_WARNINGS",
          message: "Please review the warnings. Save again with ignore_warnings to continue.",
          errors: [],
          warnings: ['The word "flood" appears 5 times in the keyword list.'],
        },
      },
    ]);
    const listed = async () =>
      (await edna.get(`${KEYWORDS}?count=-1&sort=id&mode=find&content_nodes__id=${page}`)).json.total;
    expect(await listed()).toBe(4);
    const linked = await link(ids[4], { ignore_warnings: true });
    expect(linked.status).toBe(200);
    expect(linked.json.keywords.map((k: { name: string }) => k.name)).toContain("Flood Five");
    expect(await listed()).toBe(5);
    // A keyword that does not repeat the word links without a warning.
    expect((await link((await edna.post(KEYWORDS, { name: "Ark Walk" })).json.id)).status).toBe(200);
  });
});
