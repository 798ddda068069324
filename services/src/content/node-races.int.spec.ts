import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentNodeStream, recordLockStream, uniqueValueStream } from "@shop/shared";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { writtenSince } from "../testing/written-since.ts";

const NODES = "/admin/api/content/contentnode/";
const MENU_NODES = "/admin/api/tree/menunode/";
const KEYWORDS = "/admin/api/content/keyword/";
const URL_TAKEN = {
  metadata: {
    success: false,
    code: "URL_TAKEN",
    message: "Another node already uses this url.",
    errors: ["url: Another node already uses this url."],
  },
};
const LOOP = "parent: A node cannot be contained in itself or in one of its children.";
const PAIRS = 20;

// Uniqueness and the tree's shape are decided from the log: two requests racing can never both pass.
// PGlite has one session, so only PostgreSQL can race them.
describe.skipIf(!testDatabaseUrl())("rules that hold across racing requests, on PostgreSQL", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let otto: TestClient;

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place, { demoData: true });
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    ({ client: otto } = await signedInClient(server, "otto@example.org", "Otto Other"));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const create = (client: TestClient, base: string, name: string, url: string) =>
    client.post(base, { name, parent: 1, url, ignore_warnings: true });
  const put = (client: TestClient, path: string, body: Record<string, unknown>) =>
    client.request("PUT", path, { ...body, ignore_warnings: true });

  it("core hardening 4: two concurrent creates with one URL give one success and one 400 (20 pairs, content and menu nodes)", async () => {
    for (const base of [NODES, MENU_NODES]) {
      for (let i = 0; i < PAIRS; i++) {
        const url = `/race-${i}/`;
        const answers = await Promise.all([
          create(edna, base, `Race ${i} A`, url),
          create(otto, base, `Race ${i} B`, url),
        ]);
        expect(answers.map((a) => a.status).sort(), `${base} pair ${i}`).toEqual([201, 400]);
        expect(answers.find((a) => a.status === 400)!.json).toEqual(URL_TAKEN);
      }
    }
  }, 60_000);

  it("core hardening 4: two concurrent url changes to one free URL give one success and one 400; the url left behind can be reused", async () => {
    for (let i = 0; i < PAIRS; i++) {
      const a = (await create(edna, NODES, `Mover ${i} A`, `/mover-${i}-a/`)).json.id;
      const b = (await create(edna, NODES, `Mover ${i} B`, `/mover-${i}-b/`)).json.id;
      const answers = await Promise.all([
        put(edna, `${NODES}${a}/`, { url: `/moved-${i}/` }),
        put(otto, `${NODES}${b}/`, { url: `/moved-${i}/` }),
      ]);
      expect(answers.map((r) => r.status).sort(), `pair ${i}`).toEqual([200, 400]);
      expect(answers.find((r) => r.status === 400)!.json).toEqual(URL_TAKEN);
      const moved = answers[0].status === 200 ? a : b;
      const reuse = await create(otto, NODES, `Reuse ${i}`, `/mover-${i}-${moved === a ? "a" : "b"}/`);
      expect(reuse.status).toBe(201);
    }
  }, 60_000);

  it("core hardening 4: two concurrent keywords with one name (any case) give one success and one 400", async () => {
    const slugsLeft: string[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const answers = await Promise.all([
        edna.post(KEYWORDS, { name: `Rabbit ${i}`, slug: `rabbit-${i}-a` }),
        otto.post(KEYWORDS, { name: `RABBIT ${i}`, slug: `rabbit-${i}-b` }),
      ]);
      expect(answers.map((a) => a.status).sort(), `pair ${i}`).toEqual([201, 400]);
      expect(answers.find((a) => a.status === 400)!.json).toEqual({
        metadata: {
          success: false,
          code: "KEYWORD_INVALID",
          message: "Creating the keyword failed. See errors below.",
          errors: ["name: A keyword with this name already exists."],
        },
      });
      slugsLeft.push(answers[0].status === 400 ? `rabbit-${i}-a` : `rabbit-${i}-b`);
    }
    // The loser never claimed its slug: a later keyword may use it.
    expect((await edna.post(KEYWORDS, { name: "Hare", slug: slugsLeft[0] })).status).toBe(201);
  }, 60_000);

  it("core hardening 4: two concurrent parent changes that would form a cycle: at most one succeeds", async () => {
    for (let i = 0; i < PAIRS; i++) {
      const a = (await create(edna, NODES, `Loop ${i} A`, `/loop-${i}-a/`)).json.id;
      const b = (await create(edna, NODES, `Loop ${i} B`, `/loop-${i}-b/`)).json.id;
      const answers = await Promise.all([
        put(edna, `${NODES}${a}/`, { parent: b }),
        put(otto, `${NODES}${b}/`, { parent: a }),
      ]);
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length, `pair ${i}: ${statuses}`).toBeLessThanOrEqual(1);
      for (const r of answers.filter((r) => r.status !== 200)) expect(r.json.metadata.errors).toEqual([LOOP]);
      // The log, not a read model: the two nodes do not hold each other.
      const parentOf = async (id: number) => {
        const events = await server.store.readStream(contentNodeStream(id));
        let parent: number | null = null;
        for (const e of events) {
          const d = e.data as { parentId?: number | null; changes?: { parentId?: number | null } };
          if (e.type === "ContentNodeCreated") parent = d.parentId ?? null;
          if (e.type === "ContentNodeSaved" && d.changes && "parentId" in d.changes)
            parent = d.changes.parentId ?? null;
        }
        return parent;
      };
      expect((await parentOf(a)) === b && (await parentOf(b)) === a, `pair ${i} formed a loop`).toBe(false);
    }
  }, 60_000);
});

// Claims and the lock are read from their own streams: read models that lag cannot let a write through.
describe.each(testBackends())("claims and locks decided from the log, on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let otto: { id: string; name: string };

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { demoData: true });
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    ({ user: otto } = await signedInClient(server, "otto@example.org", "Otto Other"));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const ghostClaim = (url: string, claimedAt: Date) =>
    server.store.append(
      uniqueValueStream("contentnode.url", url),
      [
        {
          type: "UniqueValueClaimed",
          data: { scope: "contentnode.url", value: url, owner: 9999, claimedAt: claimedAt.toISOString() },
        },
      ],
      {
        expectedVersion: "no-stream",
      },
    );

  it("core hardening 4: a url claimed by a write still under way is refused; one whose write never landed is free a minute later", async () => {
    await ghostClaim("/in-flight/", new Date());
    expect((await edna.post(NODES, { name: "In flight", parent: 1, url: "/in-flight/" })).json).toEqual(URL_TAKEN);
    await ghostClaim("/ghost/", new Date(Date.now() - 61_000));
    const res = await edna.post(NODES, { name: "Ghost", parent: 1, url: "/ghost/" });
    expect(res.status).toBe(201);
    expect(res.json.url).toBe("/ghost/");
  });

  it("core hardening 4: a url held by a node from before claims (no claim stream) stays taken; once that node moves away it is free", async () => {
    // Demo node 2 was written without a claim: its url is known from the read model only.
    expect((await edna.post(NODES, { name: "Copy", parent: 1, url: "/about/" })).json).toEqual(URL_TAKEN);
    expect((await edna.request("PUT", `${NODES}2/`, { url: "/about-us/", ignore_warnings: true })).status).toBe(200);
    expect((await edna.post(NODES, { name: "New About", parent: 1, url: "/about/" })).status).toBe(201);
  });

  // Moved from keywords/keywords-and-roles.int.spec.ts, whose other tests are now api specs.
  // Before the test below, which stops the read side.
  it("two quick adds with the same sort_order (a stale list) never share a sort_order: the later goes last", async () => {
    const node = (await edna.post("/admin/api/content/contentnode/", { name: "Stale List", ignore_warnings: true }))
      .json.id;
    const addTo = (contributor: string, sort_order: number) =>
      edna.post("/admin/api/content/role/", { node, contributor, role: "Author", sort_order });
    const orders = async () =>
      (await edna.get(`/admin/api/content/role/?node=${node}&sort=sort_order`)).json.items.map(
        (r: { contributor: string; sort_order: number }) => [r.contributor, r.sort_order],
      );
    await addTo("Ken Ham", 10);
    const answers = [await addTo("Bodie Hodge", 20), await addTo("Georgia Purdom", 20)];
    expect(answers.map((a) => a.json.sort_order)).toEqual([20, 30]);
    expect(await orders()).toEqual([
      ["Ken Ham", 10],
      ["Bodie Hodge", 20],
      ["Georgia Purdom", 30],
    ]);
    await Promise.all([addTo("Andrew Snelling", 40), addTo("Danny Faulkner", 40)]);
    expect((await orders()).map(([, order]: [string, number]) => order)).toEqual([10, 20, 30, 40, 50]);
  });

  it("core hardening 4: a save while another user's lock exists is refused even while the locks projection is behind", async () => {
    const before = (await edna.get(`${NODES}4/`)).json;
    // The read side stops: the lock below reaches the log but never the record_locks table.
    await server.runner.stop();
    const lock = {
      app: "content",
      model: "contentnode",
      id: 4,
      user: otto,
      reason: 2,
      comment: "Rewriting the intro",
      autoCreated: false,
      takenAt: new Date().toISOString(),
    };
    await server.store.append(recordLockStream("content", "contentnode", 4), [{ type: "LockTaken", data: lock }], {
      expectedVersion: "no-stream",
    });
    const head = await server.store.head();
    const res = await edna.request("PUT", `${NODES}4/`, {
      short_description: "Edna's words.",
      expected_version: before.version,
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      metadata: {
        success: false,
        code: "ALREADY_LOCKED",
        message: "Object is already locked!",
        errors: ["Object is already locked!"],
      },
      lock: { user: otto, reason: 2, comment: "Rewriting the intro", autoCreated: false },
    });
    expect(await writtenSince(server.store, head)).toEqual([]);
    expect((await server.store.readStream(contentNodeStream(4))).length).toBe(before.version + 1);
  });
});
