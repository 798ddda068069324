import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START, readAllCommitted } from "@shop/shared";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const AUDIT = "/admin/api/base/audit/";

describe.each(testBackends())("the audit list on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let positions: number[];

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    await signedInClient(server, "rick@example.org", "Rick Reviewer");
    for (const name of ["Ark", "Flood", "Babel"]) await edna.post("/admin/api/content/keyword/", { name });
    positions = (await readAllCommitted(server.store, START, { limit: 1000 })).map((e) => e.globalPosition).reverse();
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("the audit list pages newest first with start and count and answers the real start and total", async () => {
    const first = await edna.get(`${AUDIT}?count=3`);
    expect(first.json).toEqual({
      metadata: { success: true },
      items: expect.any(Array),
      total: positions.length,
      count: 3,
      start: 0,
    });
    expect(first.json.items.map((i: { position: number }) => i.position)).toEqual(positions.slice(0, 3));
    expect(first.json.items[0]).toEqual({
      position: positions[0],
      time: expect.any(String),
      stream: expect.stringMatching(/^keyword-\d+$/),
      type: "KeywordCreated",
      user: expect.any(String),
      user_name: "Edna Editor",
    });
    const second = await edna.get(`${AUDIT}?count=3&start=3`);
    expect([
      second.json.items.map((i: { position: number }) => i.position),
      second.json.start,
      second.json.total,
    ]).toEqual([positions.slice(3, 6), 3, positions.length]);
  });

  it("a filter narrows the total too", async () => {
    const logins = await edna.get(`${AUDIT}?type=UserLoggedIn&count=1`);
    expect([logins.json.items.length, logins.json.total]).toEqual([1, 2]);
    const bad = await edna.get(`${AUDIT}?start=-1`);
    expect([bad.status, bad.json.metadata.errors]).toEqual([
      400,
      ["start: Ensure this value is greater than or equal to 0."],
    ]);
  });
});
