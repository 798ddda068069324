import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { LOOKUP_MODELS } from "./lookup-models.ts";
import { seedPickerRecords } from "./lookup-test-fixtures.ts";

const SKU = "/admin/api/product/sku/";
const LANG = "/admin/api/translation/contentlangnode/";
const MENU = "/admin/api/tree/menunode/";
const NODES = "/admin/api/content/contentnode/";
const ids = (res: { json: { items: Array<{ id: number }> } }) => res.json.items.map((i) => i.id);
const list = (values: unknown[]) => encodeURIComponent(JSON.stringify(values));

describe.each(testBackends())("picker endpoints on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: staff } = await signedInClient(server, "picker@example.org", "Pia Picker"));
    await server.runner.waitFor(await seedPickerRecords(server.store));
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("every item's api_url answers that item", async () => {
    for (const model of LOOKUP_MODELS) {
      const [item] = (await staff.get(`${model.base}?count=1&sort=id`)).json.items;
      const res = await staff.get(item.api_url);
      expect([model.model, res.status]).toEqual([model.model, 200]);
      if (model.sharedBase)
        expect([res.json.id, res.json.name]).toEqual([item.id, item.name]); // the node's own record route
      else expect(res.json).toEqual({ metadata: { success: true, errors: [] }, ...item });
    }
    const missing = await staff.get(`${SKU}999/`);
    expect([missing.status, missing.json.metadata]).toEqual([
      404,
      { success: false, code: "NOT_FOUND", message: "Not found.", errors: ["__all__: Not found."] },
    ]);
    const withFormat = await staff.get(`/admin/api/content/mediafile/2/?__include=${list(["format"])}`);
    expect(withFormat.json.format).toEqual({ id: 1, str: "MP3 audio", api_url: "/admin/api/content/mediaformat/1/" });
    expect((await staff.get(withFormat.json.format.api_url)).json.str).toBe("MP3 audio");
  });

  it("items name their search fields and display fields", async () => {
    const [lang] = (await staff.get(`${LANG}?count=1&sort=id`)).json.items;
    expect([lang.search_fields, lang.api_display_fields]).toEqual([
      ["name", "slug"],
      ["name", "slug", "language", "node_id"],
    ]);
  });

  it("sku_groups narrows the SKU picker to those product categories", async () => {
    const booksAndVideos = await staff.get(`${SKU}?count=3&sort=id&start=0&sku_groups=${list(["books", "videos"])}`);
    expect([ids(booksAndVideos), booksAndVideos.json.total]).toEqual([[1, 2, 101], 14]);
    expect(booksAndVideos.json.items.map((i: { type: string }) => i.type)).toEqual(["books", "videos", "books"]);
    const posted = await staff.post(`${SKU}query/`, {
      count: 10,
      sort: "sku",
      sku_groups: ["magazine-sub", "apparel"],
    });
    expect([ids(posted), posted.json.total]).toEqual([[4, 3], 2]); // 60-1-010 before 95-1-001
    const comma = await staff.get(`${SKU}query/?sku_groups=apparel,other`);
    expect(ids(comma)).toEqual([4]);
    const unknown = await staff.get(`${SKU}?sku_groups=${list(["books", "hats"])}`);
    expect([unknown.status, unknown.json.metadata.errors]).toEqual([
      400,
      [expect.stringMatching(/^sku_groups: "hats" is not one of magazine-sub, magazine-issue, .*, donation, other\.$/)],
    ]);
  });

  it("the sku query/ endpoint searches, pages after leaving out excluded ids, and counts the rest", async () => {
    const res = await staff.get(`${SKU}query/?query=study&count=4&start=4&sort=id&exclude=${list([105, "x"])}`);
    expect(res.json).toEqual({
      metadata: { success: true, errors: [] },
      items: expect.any(Array),
      total: 11,
      count: 4,
      start: 4,
    });
    expect(ids(res)).toEqual([106, 107, 108, 109]);
    const posted = await staff.post(`${SKU}query/?ts=2`, { OR: { sku__icontains: "95-" }, count: 5 });
    expect(posted.json.items.map((i: { str: string }) => i.str)).toEqual(["95-1-001 Answers Magazine Subscription"]);
  });

  it("the contentlangnode query/ endpoint filters by language and node and leaves out excluded ids", async () => {
    const spanish = await staff.get(`${LANG}query/?language=es&exclude=${list([1])}`);
    expect([ids(spanish), spanish.json.total]).toEqual([[2], 1]);
    const posted = await staff.post(`${LANG}query/`, { OR: { name__icontains: "uns" }, filters: { node_id: 2 } });
    expect(posted.json.items).toEqual([
      expect.objectContaining({ id: 3, str: "Über uns (de)", language: "de", node_id: 2 }),
    ]);
  });

  it("the menunode query/ endpoint searches, includes parents and leaves out excluded ids", async () => {
    const res = await staff.get(`${MENU}query/?query=visit&exclude=${list([2])}&__include=${list(["parent"])}`);
    expect(res.json).toEqual({
      metadata: { success: true, errors: [] },
      items: [
        {
          id: 3,
          str: "Visit the Ark",
          name: "Visit the Ark",
          slug: "visit-the-ark",
          url: "/visit/ark/",
          status: { id: "Beta", title: "Beta" },
          parent: { id: 1, str: "Main menu", api_url: "/admin/api/tree/menunode/1/" },
          api_url: "/admin/api/tree/menunode/3/",
          add_url: "/admin/tree/menunode/add/",
          search_fields: ["name", "slug"],
          api_display_fields: ["name", "slug", "url"],
        },
      ],
      total: 1,
      count: 100,
      start: 0,
    });
    const posted = await staff.post(`${MENU}query/`, { OR: { slug__icontains: "visit" }, count: 1, sort: "name" });
    expect([ids(posted), posted.json.total]).toEqual([[2], 2]);
  });

  it("the content node picker searches by url too: the parent picker's url__icontains, and a GET query", async () => {
    const posted = await staff.post(`${NODES}?ts=3`, {
      count: 10,
      start: 0,
      sort: "id",
      query: "/about/",
      exclude: [],
      OR: { url__icontains: "/about/" },
    });
    expect([posted.status, ids(posted), posted.json.items[0].search_fields]).toEqual([
      200,
      [2],
      ["name", "slug", "url"],
    ]);
    const got = await staff.get(`${NODES}query/?query=${encodeURIComponent("/ark/")}`);
    expect(got.json.items.map((i: { str: string; url: string }) => [i.str, i.url])).toEqual([
      ["About the Ark", "/ark/"],
    ]);
  });

  it("sort=keyword (the §7 autocomplete) sorts by the item's display string, -keyword the other way", async () => {
    const autocomplete = (api: string, query: string, sort: string) =>
      staff.get(`${api}?count=10&start=0&query=${query}&sort=${sort}&exclude=${list([3])}`);
    const nodes = await autocomplete(NODES, "o", "keyword");
    expect([nodes.status, nodes.json.items.map((i: { str: string }) => i.str), nodes.json.total]).toEqual([
      200,
      ["About Us", "Donate", "Home"],
      3,
    ]);
    expect(
      (await autocomplete(`${NODES}query/`, "o", "-keyword")).json.items.map((i: { str: string }) => i.str),
    ).toEqual(["Home", "Donate", "About Us"]);
    // A SKU's string starts with its code: 30-1-… before 60-1-….
    const skus = await autocomplete(SKU, "ar", "keyword");
    expect(skus.json.items.map((i: { str: string }) => i.str)).toEqual([
      "30-1-205 Noah's Ark DVD",
      "60-1-010 Ark Encounter T-Shirt",
    ]);
    const posted = await staff.post(`${LANG}query/`, { query: "", sort: "-keyword", count: 10 });
    expect(posted.json.items.map((i: { str: string }) => i.str)).toEqual([
      "Über uns (de)",
      "Quiénes somos (es)",
      "Inicio (es)",
    ]);
  });

  it("exclude works on a GET that loads current items too", async () => {
    const res = await staff.get(`${SKU}?pk__in=${list([1, 2, 3])}&exclude=${list([2])}&sort=id`);
    expect([ids(res), res.json.total]).toEqual([[1, 3], 2]);
  });
});
