import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockBody, signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { writtenSince } from "../testing/written-since.ts";

const NODES = "/admin/api/content/contentnode/";
const IPA_SAVE = "/admin/api/content/node-ipa-save/";
const LOCKS = "/admin/base/record-locks/";

// A save by anyone but the holder of the record's lock is refused, like a lock request would be.
describe.each(testBackends())("saving a content node someone else has locked, on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let otto: TestClient;
  let ottoUser: { id: string; name: string };

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { demoData: true });
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    ({ client: otto, user: ottoUser } = await signedInClient(server, "otto@example.org", "Otto Other"));
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const put = (client: TestClient, path: string, body: Record<string, unknown>) => client.request("PUT", path, body);
  const lock = async (client: TestClient, id: number, reason = 2, comment = "Rewriting the intro") =>
    expect((await client.post(`${LOCKS}?ts=1`, { ...lockBody(id), reason, comment })).status).toBe(200);
  const unlock = (client: TestClient, id: number, force = false) =>
    client.request("DELETE", LOCKS, { ...lockBody(id), force_unlock: force });
  const refusedBody = (reason: number, comment: string, autoCreated: boolean) => ({
    metadata: {
      success: false,
      code: "ALREADY_LOCKED",
      message: "Object is already locked!",
      errors: ["Object is already locked!"],
    },
    lock: { user: ottoUser, reason, comment, autoCreated },
  });

  it("PUT .../contentnode/{id}/ by Edna while Otto holds the lock answers 409 'Object is already locked!' with Otto's lock, and writes nothing", async () => {
    await lock(otto, 4);
    const before = (await edna.get(`${NODES}4/`)).json;
    const head = await server.store.head();
    const res = await put(edna, `${NODES}4/`, {
      name: "Edna's title",
      sku: 1,
      ignore_warnings: true,
      expected_version: before.version,
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(refusedBody(2, "Rewriting the intro", false));
    expect(await writtenSince(server.store, head)).toEqual([]);
    expect((await edna.get(`${NODES}4/`)).json).toMatchObject({
      name: before.name,
      sku: null,
      version: before.version,
    });
  });

  it("back office 8: a refused lock request and a save refused by the lock give one wording and one code", async () => {
    const lockRefused = await edna.post(`${LOCKS}?ts=1`, { ...lockBody(4), reason: 2, comment: "Mine" });
    const before = (await edna.get(`${NODES}4/`)).json;
    const saveRefused = await put(edna, `${NODES}4/`, { name: "Edna's title", expected_version: before.version });
    expect(lockRefused.json.metadata).toMatchObject({ success: false, code: "ALREADY_LOCKED" });
    expect(lockRefused.json.metadata.errors).toEqual(["Object is already locked!"]);
    expect(saveRefused.json.metadata).toEqual(lockRefused.json.metadata);
  });

  it("PUT /node-ipa-save/ by Edna while Otto holds an automatic lock is refused the same way", async () => {
    await unlock(otto, 4);
    await lock(otto, 4, 1, "");
    const head = await server.store.head();
    const res = await put(edna, IPA_SAVE, { id: 4, body: "<p>Edna's body</p>" });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(refusedBody(1, "", true));
    expect(await writtenSince(server.store, head)).toEqual([]);
  });

  it("the holder of the lock saves as usual", async () => {
    const res = await put(otto, IPA_SAVE, { id: 4, short_description: "Otto's words." });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ metadata: { success: true }, short_description: "Otto's words." });
  });

  it("once Otto releases the lock, Edna's save goes through", async () => {
    await unlock(otto, 4);
    const res = await put(edna, `${NODES}4/`, { short_description: "Edna's words." });
    expect(res.status).toBe(200);
    expect(res.json.short_description).toBe("Edna's words.");
  });

  it("after Edna kicks Otto off and takes the lock herself, her save goes through and Otto's is refused with her lock", async () => {
    await lock(otto, 4);
    expect((await unlock(edna, 4, true)).status).toBe(200);
    await lock(edna, 4, 3, "Taking over");
    expect((await put(edna, `${NODES}4/`, { short_description: "Edna again." })).status).toBe(200);
    const refused = await put(otto, `${NODES}4/`, { short_description: "Otto again." });
    expect(refused.status).toBe(409);
    expect(refused.json.lock).toEqual({
      user: { id: expect.any(String), name: "Edna Editor" },
      reason: 3,
      comment: "Taking over",
      autoCreated: false,
    });
    expect((await edna.get(`${NODES}4/`)).json.short_description).toBe("Edna again.");
  });

  it("a lock on another record does not stop the save", async () => {
    await lock(otto, 5);
    expect((await put(edna, `${NODES}6/`, { short_description: "Unlocked page." })).status).toBe(200);
  });
});
