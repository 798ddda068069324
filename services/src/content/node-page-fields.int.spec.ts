import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentNodeStream } from "@shop/shared";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { writtenSince } from "../testing/written-since.ts";

const NODES = "/admin/api/content/contentnode/";
const DEFAULTS = { sku: null, language_node: null, menu_nodes: [], image: "", sort_order: 0, sitemap_priority: 0.5 };

// The demo has skus 1–4, content language nodes 1–3 and menu nodes 1–4 (lookup and content demo data).
describe.each(testBackends())(
  "content node page fields (sku, language node, menu nodes, image, sort order, priority) on $name",
  ({ pglite }) => {
    let place: TestServerPlace;
    let server: RunningServer;
    let edna: TestClient;

    beforeAll(async () => {
      place = newTestPlace({ pglite });
      server = await startTestServer(place, { demoData: true });
      ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    });
    afterAll(async () => {
      await server?.close();
      await removeTestPlace(place);
    });

    const put = (path: string, body: Record<string, unknown>) => edna.request("PUT", path, body);
    const row = (id: number) =>
      server.database.db
        .selectFrom("content_nodes")
        .select(["sku_id", "language_node_id", "menu_node_ids", "image", "sort_order", "sitemap_priority"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();

    it("a node that never set them answers the defaults", async () => {
      expect((await edna.get(`${NODES}2/`)).json).toMatchObject(DEFAULTS);
    });

    it("PUT saves them (numbers as the form sends them, as text), answers them, and the read model has them", async () => {
      const body = {
        sku: 2,
        language_node: "3",
        menu_nodes: [{ id: 3 }, 2],
        image: "ark-at-dusk",
        sort_order: "20",
        sitemap_priority: "0.8",
      };
      const res = await put(`${NODES}3/`, { ...body, ignore_warnings: true });
      expect(res.status).toBe(200);
      const saved = {
        sku: 2,
        language_node: 3,
        menu_nodes: [3, 2],
        image: "ark-at-dusk",
        sort_order: 20,
        sitemap_priority: 0.8,
      };
      expect(res.json).toMatchObject({ metadata: { success: true }, ...saved });
      expect((await edna.get(`${NODES}3/`)).json).toMatchObject(saved);
      const stored = await row(3);
      expect({ ...stored, sort_order: Number(stored.sort_order) }).toEqual({
        sku_id: 2,
        language_node_id: 3,
        menu_node_ids: [3, 2],
        image: "ark-at-dusk",
        sort_order: 20,
        sitemap_priority: 0.8,
      });
    });

    it("the history lists what changed: new values, and the menu nodes added and removed", async () => {
      await put(`${NODES}3/`, { menu_nodes: [3, 4], sku: null });
      const items = (await edna.get(`${NODES}3/history/`)).json.items;
      const [first, second] = items.slice(-2);
      expect(first).toMatchObject({
        type: "ContentNodeSaved",
        changed_fields: expect.arrayContaining([
          "sku",
          "language_node",
          "menu_nodes",
          "image",
          "sort_order",
          "sitemap_priority",
        ]),
        changes: {
          sku: 2,
          language_node: 3,
          menu_nodes: { added: [3, 2], removed: [] },
          image: "ark-at-dusk",
          sort_order: 20,
          sitemap_priority: 0.8,
        },
      });
      expect(second).toMatchObject({
        type: "ContentNodeSaved",
        changed_fields: ["sku", "menu_nodes"],
        changes: { sku: null, menu_nodes: { added: [4], removed: [2] } },
      });
    });

    it("unknown skus, language nodes and menu nodes are refused with Django's 'Select a valid choice' lines, and nothing is written", async () => {
      const head = await server.store.head();
      const res = await put(`${NODES}4/`, {
        sku: 99,
        language_node: 98,
        menu_nodes: [1, 97, 96],
        ignore_warnings: true,
      });
      expect(res.status).toBe(400);
      expect(res.json.metadata).toEqual({
        success: false,
        code: "UNKNOWN_RECORD",
        message: "Select a valid choice. That choice is not one of the available choices.",
        errors: [
          "sku: Select a valid choice. That choice is not one of the available choices.",
          "language_node: Select a valid choice. That choice is not one of the available choices.",
          "menu_nodes: Select a valid choice. 97, 96 are not one of the available choices.",
        ],
      });
      expect(await writtenSince(server.store, head)).toEqual([]);
    });

    it("a bad image slug, a fractional sort order and a priority over 1.0 are refused as 'field: message' lines, and nothing is written", async () => {
      const head = await server.store.head();
      const res = await put(`${NODES}4/`, { image: "Ark Photo", sort_order: 2.5, sitemap_priority: 1.5 });
      expect(res.status).toBe(400);
      expect(res.json.metadata.errors).toEqual([
        "image: Enter a valid image slug: lowercase letters, digits and single hyphens.",
        "sort_order: Enter a whole number.",
        "sitemap_priority: Enter a priority from 0.0 to 1.0.",
      ]);
      expect(await writtenSince(server.store, head)).toEqual([]);
    });

    it("POST creates a node with them, and the in-page save changes them", async () => {
      const created = await edna.post(NODES, {
        name: "Ark Tickets",
        parent: 1,
        sku: 4,
        menu_nodes: [2],
        sort_order: 5,
        sitemap_priority: 0.3,
        image: "tickets",
      });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({
        sku: 4,
        language_node: null,
        menu_nodes: [2],
        image: "tickets",
        sort_order: 5,
        sitemap_priority: 0.3,
      });
      const ipa = await put("/admin/api/content/node-ipa-save/", {
        id: created.json.id,
        sitemap_priority: 1,
        menu_nodes: [],
      });
      expect(ipa.json).toMatchObject({ metadata: { success: true }, sitemap_priority: 1, menu_nodes: [] });
      expect(await row(created.json.id)).toMatchObject({ menu_node_ids: [], sitemap_priority: 1 });
    });

    it("a menu node has none of them: they are left out of its answer and ignored in its saves", async () => {
      const res = await put("/admin/api/tree/menunode/3/", { name: "Visit us", sku: 2, sort_order: 9 });
      expect(res.status).toBe(200);
      expect(res.json.name).toBe("Visit us");
      expect(res.json).not.toHaveProperty("sku");
      expect(res.json).not.toHaveProperty("sort_order");
    });

    it("a node created by an event written before these fields existed replays with their defaults", async () => {
      const id = 90_001;
      const old = {
        id,
        name: "Old Page",
        slug: "old-page",
        parentId: 1,
        url: "/old-page/",
        createdAt: "2020-01-01T00:00:00.000Z",
      };
      const appended = await server.store.append(
        contentNodeStream(id),
        [{ type: "ContentNodeCreated", data: old, metadata: {} }],
        { expectedVersion: "no-stream" },
      );
      await server.runner.waitFor(appended.position);
      expect((await edna.get(`${NODES}${id}/`)).json).toMatchObject({ name: "Old Page", ...DEFAULTS });
      const stored = await row(id);
      expect({ ...stored, sort_order: Number(stored.sort_order) }).toEqual({
        sku_id: null,
        language_node_id: null,
        menu_node_ids: [],
        image: "",
        sort_order: 0,
        sitemap_priority: 0.5,
      });
      const history = (await edna.get(`${NODES}${id}/history/`)).json.items;
      expect(history[0].changed_fields).toEqual([
        "name",
        "slug",
        "parent",
        "url",
        "short_description",
        "body",
        "node_type",
        "published",
        "last_published",
        "status",
      ]);
    });
  },
);
