import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { contentProjections, rebuildProjection } from "@shop/projections";
import { CONTENT_NODE_ERRORS, CONTENT_NODE_WARNINGS } from "@shop/shared";
import { nextPush, adminSocket, signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { writtenSince } from "../testing/written-since.ts";

const NODES = "/admin/api/content/contentnode/";
const WARNINGS_MESSAGE = "Please review the warnings. Save again with ignore_warnings to continue.";

describe.each(testBackends())("content nodes on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let otto: TestClient;
  let ednaUser: { id: string; name: string };

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { demoData: true });
    ({ client: edna, user: ednaUser } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    ({ client: otto } = await signedInClient(server, "otto@example.org", "Otto Other"));
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const create = (client: TestClient, body: Record<string, unknown>) => client.post(NODES, body);
  const put = (client: TestClient, path: string, body: Record<string, unknown>) => client.request("PUT", path, body);

  it("GET a node answers its fields, keywords, contributors, status and version", async () => {
    const res = await edna.get(`${NODES}2/`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      metadata: { success: true },
      id: 2,
      app: "content",
      model: "contentnode",
      name: "About Us",
      slug: "about-us",
      parent: 1,
      short_description: "",
      published: expect.any(String),
      last_published: expect.any(String),
      url: "/about/",
      body: expect.stringContaining("{% footnote"),
      node_type: null,
      sku: null,
      language_node: null,
      menu_nodes: [],
      image: "",
      sort_order: 0,
      sitemap_priority: 0.5,
      keywords: [{ id: 4, name: "Genesis", slug: "genesis" }],
      contributors: [
        { id: 1, contributor: "Ken Ham", role: "Author", sort_order: 10, node: 2 },
        { id: 2, contributor: "Demo Editor", role: "Editor", sort_order: 20, node: 2 },
      ],
      status: "Live",
      version: 4,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      updated_by: null,
    });
  });

  it("an unknown node answers 404", async () => {
    const res = await edna.get(`${NODES}9999/`);
    expect(res.status).toBe(404);
    expect(res.json.metadata).toEqual({
      success: false,
      code: "NODE_NOT_FOUND",
      message: "This node does not exist.",
      errors: ["__all__: This node does not exist."],
    });
  });

  it("creating a node under a parent answers it as Beta, version 0, its url under the parent's", async () => {
    const res = await create(edna, { name: "Board Members", parent: 2, short_description: "Who leads us." });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      metadata: { success: true, message: "Your changes have been saved." },
      name: "Board Members",
      slug: "board-members",
      parent: 2,
      url: "/about/board-members/",
      status: "Beta",
      version: 0,
      keywords: [],
      updated_by: ednaUser,
    });
    expect((await edna.get(`${NODES}${res.json.id}/`)).json.name).toBe("Board Members");
  });

  it("a new node without a parent warns about a root node and saves nothing until warnings are ignored", async () => {
    const before = await server.store.head();
    const warned = await create(edna, { name: "Orphan" });
    expect(warned.status).toBe(400);
    expect(warned.json).toEqual({
      metadata: {
        success: false,
        code: "NODE_HAS_WARNINGS",
        message: WARNINGS_MESSAGE,
        errors: [],
        warnings: [CONTENT_NODE_WARNINGS.rootNode],
      },
    });
    expect(await writtenSince(server.store, before)).toEqual([]);
    const saved = await create(edna, { name: "Orphan", ignore_warnings: true });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ parent: null, url: "/orphan/", status: "Beta" });
  });

  it("the two blocking date errors answer 400 with 'field: message' lines, even with ignore_warnings", async () => {
    const one = await create(edna, { name: "Dated", parent: 1, published: "2026-11-01 10:00", ignore_warnings: true });
    expect(one.status).toBe(400);
    expect(one.json.metadata).toEqual({
      success: false,
      code: "NODE_INVALID",
      message: CONTENT_NODE_ERRORS.publishedWithoutLastPublished,
      errors: [`published: ${CONTENT_NODE_ERRORS.publishedWithoutLastPublished}`],
    });
    const other = await put(edna, `${NODES}3/`, {
      last_published: "2026-11-01 10:00",
      published: "",
      ignore_warnings: true,
    });
    expect(other.status).toBe(400);
    expect(other.json.metadata.errors).toEqual([
      `last_published: ${CONTENT_NODE_ERRORS.lastPublishedWithoutPublished}`,
    ]);
  });

  it("a bad date answers the date-time format message", async () => {
    const res = await put(edna, `${NODES}3/`, { published: "2026-02-30 10:00" });
    expect(res.status).toBe(400);
    expect(res.json.metadata.errors).toEqual(["published: Please enter a valid date-time (yyyy-mm-dd hh:mm)."]);
  });

  it("editing a Live node makes it Changes Pending, then saves (two events, version +2)", async () => {
    const before = (await edna.get(`${NODES}3/`)).json;
    expect(before.status).toBe("Live");
    const res = await put(edna, `${NODES}3/`, { name: "Our Mission Statement", expected_version: before.version });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      metadata: { success: true, message: "Your changes have been saved." },
      name: "Our Mission Statement",
      status: "Changes Pending",
      version: before.version + 2,
    });
    const history = (await edna.get(`${NODES}3/history/`)).json;
    expect(history.items.slice(-2).map((e: { type: string }) => e.type)).toEqual([
      "ContentNodeStatusChanged",
      "ContentNodeSaved",
    ]);
  });

  it("a save against an old expected_version is refused with who saved since and when", async () => {
    const node = (await edna.get(`${NODES}5/`)).json;
    await put(edna, `${NODES}5/`, { short_description: "Come and see.", expected_version: node.version });
    const stale = await put(otto, `${NODES}5/`, { short_description: "Otto's words.", expected_version: node.version });
    expect(stale.status).toBe(409);
    const now = (await edna.get(`${NODES}5/`)).json;
    const message = `Edna Editor saved this node at ${now.updated_at} (version ${now.version}) after you opened it. Reload it to see their changes, then save again.`;
    expect(stale.json).toEqual({
      metadata: { success: false, code: "STALE_VERSION", message, errors: [`__all__: ${message}`] },
      saved_by: ednaUser,
      saved_at: now.updated_at,
      version: now.version,
    });
    expect(now.short_description).toBe("Come and see.");
  });

  it("the warnings of §5 come back together in metadata.warnings and nothing is saved", async () => {
    const res = await put(edna, `${NODES}6/`, {
      short_description: "x".repeat(161),
      parent: "",
      url: "/history/",
      body: '<img src="a.png"><img src="b.png" alt=" ">',
    });
    expect(res.status).toBe(400);
    expect(res.json.metadata.warnings).toEqual([
      CONTENT_NODE_WARNINGS.shortDescriptionTooLong,
      CONTENT_NODE_WARNINGS.rootNode,
      "2 images have no alt text.",
      CONTENT_NODE_WARNINGS.urlChangeAutoPublishes,
    ]);
    expect((await edna.get(`${NODES}6/`)).json).toMatchObject({ parent: 2, url: "/about/history/" });
  });

  it("a keyword word used more than 4 times in the keyword list warns", async () => {
    const ids: number[] = [];
    for (const name of ["ark one", "ark two", "ark three", "ark four", "ark five"])
      ids.push((await edna.post("/admin/api/content/keyword/", { name })).json.id);
    const res = await put(edna, `${NODES}4/`, { keywords: ids });
    expect(res.json.metadata.warnings).toEqual(['The word "ark" appears 5 times in the keyword list.']);
    const saved = await put(edna, `${NODES}4/`, { keywords: ids, ignore_warnings: true });
    expect(saved.json.keywords.map((k: { id: number }) => k.id)).toEqual(ids);
  });

  it("the in-page save takes the edited fields plus id, with the same rules", async () => {
    const warned = await put(edna, "/admin/api/content/node-ipa-save/", {
      id: 4,
      body: '<p>Tour</p><img src="ark.jpg">',
    });
    expect(warned.json.metadata.warnings).toEqual(["1 image has no alt text."]);
    const saved = await put(edna, "/admin/api/content/node-ipa-save/", {
      id: 4,
      body: '<p>Tour</p><img src="ark.jpg">',
      ignore_warnings: "true",
    });
    expect(saved.json).toMatchObject({
      metadata: { success: true },
      id: 4,
      body: '<p>Tour</p><img src="ark.jpg">',
      status: "Beta",
    });
    const missingId = await put(edna, "/admin/api/content/node-ipa-save/", { body: "x" });
    expect(missingId.status).toBe(400);
    expect(missingId.json.metadata.errors).toEqual(["id: This field is required."]);
  });

  it("status actions publish, async, archive and other set Live, Changes Pending, Archive and Beta", async () => {
    const id = (await create(edna, { name: "Status Page", parent: 1 })).json.id;
    for (const [action, status] of [
      ["publish", "Live"],
      ["async", "Changes Pending"],
      ["archive", "Archive"],
      ["other", "Beta"],
    ]) {
      const res = await edna.post("/admin/content/contentnode/action/", { action, pk: id, id });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ metadata: { success: true }, id, status, version: expect.any(Number) });
      expect((await edna.get(`${NODES}${id}/`)).json.status).toBe(status);
    }
    const unknown = await edna.post("/admin/content/contentnode/action/", { action: "publish", pk: 9999 });
    expect(unknown.status).toBe(404);
    const bad = await edna.post("/admin/content/contentnode/action/", { action: "launch", pk: id });
    expect(bad.status).toBe(400);
    expect(bad.json.metadata.errors[0]).toMatch(/^action: /);
  });

  it("history lists who changed what and when, and shows the node as of any event", async () => {
    const id = (await create(edna, { name: "Historic", parent: 1 })).json.id;
    await put(otto, `${NODES}${id}/`, { name: "Historic Page" });
    const res = await edna.get(`${NODES}${id}/history/`);
    expect(res.json.items).toEqual([
      expect.objectContaining({
        position: 0,
        type: "ContentNodeCreated",
        user: ednaUser,
        time: expect.any(String),
        changed_fields: expect.arrayContaining(["name", "url", "status"]),
      }),
      expect.objectContaining({
        position: 1,
        type: "ContentNodeSaved",
        user: { id: expect.any(String), name: "Otto Other" },
        changed_fields: ["name"],
        changes: { name: "Historic Page" },
      }),
    ]);
    const asOf = await edna.get(`${NODES}${id}/history/?at=0`);
    expect(asOf.json).toMatchObject({ metadata: { success: true }, at: 0, id, name: "Historic", version: 0 });
    expect((await edna.get(`${NODES}${id}/history/?at=9`)).status).toBe(404);
  });

  it("keywords are linked and unlinked at /contentnode/{id}/keywords/", async () => {
    const kw = (await edna.post("/admin/api/content/keyword/", { name: "Dinosaurs" })).json.id;
    const linked = await edna.post(`${NODES}5/keywords/`, { keyword: kw });
    expect(linked.json).toMatchObject({
      metadata: { success: true },
      id: 5,
      keywords: expect.arrayContaining([{ id: kw, name: "Dinosaurs", slug: "dinosaurs" }]),
    });
    const unlinked = await edna.request("DELETE", `${NODES}5/keywords/`, { keyword: kw });
    expect(unlinked.json.keywords.some((k: { id: number }) => k.id === kw)).toBe(false);
  });

  it("a menu node's url change warns twice, then records a pending rewrite batch", async () => {
    const node = (await edna.get("/admin/api/tree/menunode/2/")).json;
    expect(node).toMatchObject({
      id: 2,
      app: "tree",
      model: "menunode",
      name: "About",
      url: "/about/",
      status: "Live",
    });
    const warned = await put(edna, "/admin/api/tree/menunode/2/", { url: "/about-us/" });
    expect(warned.json.metadata.warnings).toEqual([
      CONTENT_NODE_WARNINGS.urlChangeAutoPublishes,
      CONTENT_NODE_WARNINGS.runPendingRewriteBatches,
    ]);
    const saved = await put(edna, "/admin/api/tree/menunode/2/", { url: "/about-us/", ignore_warnings: true });
    expect(saved.json).toMatchObject({ url: "/about-us/", status: "Live" });
    const batches = await edna.get("/admin/api/tree/pendingrewritebatch/");
    expect(batches.json).toEqual({
      metadata: { success: true },
      items: [
        {
          id: expect.any(Number),
          node: 2,
          old_url: "/about/",
          new_url: "/about-us/",
          created_at: expect.any(String),
          created_by: ednaUser.id,
        },
      ],
      total: 1,
      count: 100,
      start: 0,
    });
    expect(
      (await edna.get("/admin/api/tree/menunode/2/history/")).json.items.map((e: { type: string }) => e.type),
    ).toContain("PendingRewriteBatchRecorded");
  });

  it("a new node reaches every other staff socket within 1 s: node:saved with version 0 (its created event)", async () => {
    const socket = await adminSocket(server.url, otto.cookieHeader);
    try {
      const pushed = nextPush<{ id: number; model: string }>(
        socket,
        "node:saved",
        (m) => m.model === "contentnode",
        1000,
      );
      const id = (await create(edna, { name: "Brand New", parent: 1 })).json.id;
      expect(await pushed).toEqual({ id, version: 0, by: ednaUser, app: "content", model: "contentnode" });
      const menuPush = nextPush<{ model: string }>(socket, "node:saved", (m) => m.model === "menunode", 1000);
      const menu = (await edna.post("/admin/api/tree/menunode/", { name: "New Menu", ignore_warnings: true })).json.id;
      expect(await menuPush).toEqual({ id: menu, version: 0, by: ednaUser, app: "tree", model: "menunode" });
    } finally {
      socket.close();
    }
  });

  it("another editor's socket receives node:status and node:saved within 1 s", async () => {
    const socket = await adminSocket(server.url, otto.cookieHeader);
    try {
      const id = (await create(edna, { name: "Pushed", parent: 1 })).json.id;
      const status = new Promise((resolve) =>
        socket.on("node:status", (m: { id: number }) => m.id === id && resolve(m)),
      );
      // Its creation pushes node:saved too (version 0): wait for the save.
      const saved = new Promise((resolve) =>
        socket.on("node:saved", (m: { id: number; version: number }) => m.id === id && m.version > 0 && resolve(m)),
      );
      const timeout = (ms: number) =>
        new Promise((_, reject) => setTimeout(() => reject(new Error("no push within 1 s")), ms));
      await edna.post("/admin/content/contentnode/action/", { action: "publish", pk: id });
      expect(await Promise.race([status, timeout(1000)])).toEqual({
        id,
        status: "Live",
        version: 1,
        app: "content",
        model: "contentnode",
      });
      await put(edna, `${NODES}${id}/`, { name: "Pushed again" });
      expect(await Promise.race([saved, timeout(1000)])).toEqual({
        id,
        version: 3,
        by: ednaUser,
        app: "content",
        model: "contentnode",
      });
    } finally {
      socket.close();
    }
  });

  it("the action endpoint is for staff only", async () => {
    const { client: shopper } = await signedInClient(server, "shopper@example.org", "Sam Shopper", false);
    expect((await shopper.post("/admin/content/contentnode/action/", { action: "publish", pk: 1 })).status).toBe(403);
  });
  // Last: stops the projection runner of this server.
  it("replaying the content read models from position 0 gives equal tables", { timeout: 60_000 }, async () => {
    await server.runner.waitFor(await server.store.head());
    await server.runner.stop();
    const db = server.database.db;
    const snapshot = async (table: string) =>
      (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db)).rows
        .map((r) => JSON.stringify(r))
        .sort();
    for (const projection of contentProjections) {
      const before = await Promise.all(projection.tables.map(snapshot));
      await rebuildProjection({ db, store: server.store, projection });
      expect(await Promise.all(projection.tables.map(snapshot))).toEqual(before);
      expect(before.flat().length, `${projection.name} has rows`).toBeGreaterThan(0);
    }
  });
});
