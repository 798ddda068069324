import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProjections, rebuildProjection, type Projection } from "@shop/projections";
import { registerUser } from "../accounts/register-user.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { seedPickerRecords } from "./lookup-test-fixtures.ts";

describe.each(testBackends())("picker lookups on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    const user = await registerUser(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { email: "picker@example.org", password: "long enough", isStaff: true },
    );
    await server.runner.waitFor(user.position);
    await server.runner.waitFor(await seedPickerRecords(server.store));
    staff = new TestClient(server.url);
    await staff.post("/api/account/login/", { email: "picker@example.org", password: "long enough" });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("the search POST matches any OR field and answers items, total and count", async () => {
    const res = await staff.post("/admin/api/product/sku/?ts=1", {
      count: 100,
      sort: "sku",
      start: 0,
      query: "noah",
      exclude: [],
      filters: {},
      OR: { sku__icontains: "noah", name__icontains: "noah" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      metadata: { success: true, errors: [] },
      items: [
        {
          id: 2,
          str: "30-1-205 Noah's Ark DVD",
          sku: "30-1-205",
          name: "Noah's Ark DVD",
          price_cents: 1999,
          price: "19.99",
          type: "videos",
          status: { id: 1, title: "Active" },
          api_url: "/admin/api/product/sku/2/",
          add_url: "/admin/product/sku/add/",
          search_fields: ["sku", "name"],
          api_display_fields: ["sku", "name", "price_cents"],
        },
      ],
      total: 1,
      count: 100,
      start: 0,
    });
  });

  it("start and count page through the matches and total counts them all", async () => {
    const page = async (start: number) =>
      (await staff.post("/admin/api/product/sku/", { query: "study book", sort: "name", start, count: 5 })).json;
    const [first, second, third] = [await page(0), await page(5), await page(10)];
    expect(first.items.map((i: any) => i.name)).toEqual([
      "Study Book 01",
      "Study Book 02",
      "Study Book 03",
      "Study Book 04",
      "Study Book 05",
    ]);
    expect(second.items.map((i: any) => i.id)).toEqual([106, 107, 108, 109, 110]);
    expect(third.items.map((i: any) => i.id)).toEqual([111, 112]);
    for (const answer of [first, second, third]) expect([answer.total, answer.count]).toEqual([12, 5]);
    const all = (await staff.post("/admin/api/product/sku/", { query: "study", count: -1, sort: "-name" })).json;
    expect(all.items).toHaveLength(12);
    expect(all.items[0].name).toBe("Study Book 12");
    expect([all.total, all.count]).toEqual([12, -1]);
  });

  it("excluded (already selected) ids are left out of results and of the total; non-numeric ids are ignored", async () => {
    const res = await staff.post("/admin/api/product/sku/", {
      query: "study",
      count: 3,
      sort: "id",
      exclude: [101, "102", "abc", null, 1.5, "103"],
    });
    expect(res.json.items.map((i: any) => i.id)).toEqual([104, 105, 106]);
    expect(res.json.total).toBe(9);
  });

  it("exact filters narrow the search", async () => {
    const res = await staff.post("/admin/api/product/sku/", { query: "study", count: -1, filters: { active: false } });
    expect(res.json.items.map((i: any) => i.id)).toEqual([102, 104, 106, 108, 110, 112]);
    expect(res.json.items[0].status).toEqual({ id: 0, title: "Inactive" });
  });

  it("GET with pk__in loads the current items; non-numeric ids are ignored and junk alone finds nothing", async () => {
    const res = await staff.get(
      `/admin/api/product/sku/?count=100&sort=id&start=0&pk__in=${encodeURIComponent('[3,"x",1,"4"]')}`,
    );
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: any) => [i.id, i.str])).toEqual([
      [1, "10-1-101 The New Answers Book 1"],
      [3, "95-1-001 Answers Magazine Subscription"],
      [4, "60-1-010 Ark Encounter T-Shirt"],
    ]);
    expect(res.json.items.map((i: any) => i.type)).toEqual(["books", "magazine-sub", "apparel"]);
    expect(res.json.total).toBe(3);
    const junk = await staff.get(`/admin/api/product/sku/?pk__in=${encodeURIComponent('["x","y"]')}`);
    expect([junk.status, junk.json.items, junk.json.total]).toEqual([200, [], 0]);
  });

  it("GET with ids=[...] and __include adds the foreign-key sub-objects", async () => {
    const res = await staff.get(
      `/admin/api/content/mediafile/?ids=[3,1]&__include=${encodeURIComponent('["format","file_url","nonsense"]')}&sort=id`,
    );
    expect(res.json.items).toEqual([
      {
        id: 1,
        str: "Ark Encounter Tour",
        name: "Ark Encounter Tour",
        slug: "ark-encounter-tour",
        file_url: "/media/ark-encounter-tour",
        format: { id: 2, str: "MP4 video", api_url: "/admin/api/content/mediaformat/2/" },
        api_url: "/admin/api/content/mediafile/1/",
        add_url: "/admin/content/mediafile/add/",
        search_fields: ["name", "slug"],
        api_display_fields: ["name", "slug", "file_url"],
      },
      expect.objectContaining({
        id: 3,
        str: "Visitor Guide",
        format: { id: 3, str: "PDF document", api_url: "/admin/api/content/mediaformat/3/" },
      }),
    ]);
  });

  it("a media file without __include shows its format by name", async () => {
    const res = await staff.get("/admin/api/content/mediafile/query/?query=audio&count=10&start=0");
    expect(res.json.items).toEqual([
      expect.objectContaining({ id: 2, str: "Genesis Audio Study", format: "MP3 audio" }),
    ]);
  });

  it("media formats and content node types list everything with count=-1", async () => {
    const formats = await staff.get("/admin/api/content/mediaformat/?count=-1");
    expect(formats.json).toEqual({
      metadata: { success: true, errors: [] },
      items: [
        {
          id: 1,
          str: "MP3 audio",
          name: "MP3 audio",
          slug: "mp3",
          api_url: "/admin/api/content/mediaformat/1/",
          add_url: "/admin/content/mediaformat/add/",
          search_fields: ["name"],
          api_display_fields: ["name", "slug"],
        },
        {
          id: 2,
          str: "MP4 video",
          name: "MP4 video",
          slug: "mp4",
          api_url: "/admin/api/content/mediaformat/2/",
          add_url: "/admin/content/mediaformat/add/",
          search_fields: ["name"],
          api_display_fields: ["name", "slug"],
        },
        {
          id: 3,
          str: "PDF document",
          name: "PDF document",
          slug: "pdf",
          api_url: "/admin/api/content/mediaformat/3/",
          add_url: "/admin/content/mediaformat/add/",
          search_fields: ["name"],
          api_display_fields: ["name", "slug"],
        },
      ],
      total: 3,
      count: -1,
      start: 0,
    });
    const types = await staff.get("/admin/api/content/contentnodetype/?count=-1");
    expect(types.json.items.map((i: any) => i.str)).toEqual(["Page", "Article", "Collection"]);
    expect(types.json.total).toBe(3);
  });

  it("db templates and content language nodes are found through their query endpoints", async () => {
    const templates = await staff.post("/admin/api/base/dbtemplate/query/", {
      OR: { name__icontains: "sidebar", slug__icontains: "sidebar" },
    });
    expect(templates.json.items).toEqual([
      {
        id: 2,
        str: "Two columns with sidebar",
        name: "Two columns with sidebar",
        slug: "two-columns-sidebar",
        api_url: "/admin/api/base/dbtemplate/2/",
        add_url: "/admin/base/dbtemplate/add/",
        search_fields: ["name", "slug"],
        api_display_fields: ["name", "slug"],
      },
    ]);
    const translations = await staff.get(
      `/admin/api/translation/contentlangnode/?node_id=2&sort=language&__include=["node"]`,
    );
    expect(translations.json.items).toEqual([
      {
        id: 3,
        str: "Über uns (de)",
        name: "Über uns",
        slug: "ueber-uns",
        language: "de",
        node_id: 2,
        status: { id: "Live", title: "Live" },
        node: { id: 2, str: "About Us", api_url: "/admin/api/content/contentnode/2/" },
        api_url: "/admin/api/translation/contentlangnode/3/",
        add_url: "/admin/translation/contentlangnode/add/",
        search_fields: ["name", "slug"],
        api_display_fields: ["name", "slug", "language", "node_id"],
      },
      expect.objectContaining({ id: 2, language: "es" }),
    ]);
  });

  it("an unknown sort, OR field or filter answers 400 with a 'field: message' line", async () => {
    const sort = await staff.post("/admin/api/product/sku/", { query: "book", sort: "-password" });
    expect(sort.status).toBe(400);
    expect(sort.json.metadata).toEqual({
      success: false,
      code: "INVALID_REQUEST",
      message: "Invalid request syntax or bad data.",
      errors: ['sort: Cannot sort sku by "password". Choose one of: id, keyword, sku, name, price_cents.'],
    });
    const or = await staff.post("/admin/api/product/sku/", { OR: { body__icontains: "x" } });
    expect(or.json.metadata.errors).toEqual(['OR: Cannot search sku by "body__icontains".']);
    const filter = await staff.post("/admin/api/content/mediafile/", { query: "ark", filters: { format_id: "mp4" } });
    expect([filter.status, filter.json.metadata.errors]).toEqual([400, ["filters: format_id must be a whole number."]]);
    const paging = await staff.get("/admin/api/product/sku/?start=-1&count=many");
    expect(paging.json.metadata.errors).toEqual([
      "start: Ensure this value is greater than or equal to 0.",
      "count: Enter a whole number.",
    ]);
  });

  it("LIKE wildcards in the search text match literally", async () => {
    const res = await staff.post("/admin/api/product/sku/", { query: "%" });
    expect(res.json.total).toBe(0);
  });

  it("the content node search shares its URL with the create: only picker-shaped bodies are searched", async () => {
    const res = await staff.post("/admin/api/content/contentnode/?ts=5", {
      count: 100,
      start: 0,
      sort: "name",
      query: "about",
      exclude: [2],
      OR: { name__icontains: "about", slug__icontains: "about" },
    });
    expect(res.json).toEqual({
      metadata: { success: true, errors: [] },
      items: [
        {
          id: 3,
          str: "About the Ark",
          name: "About the Ark",
          slug: "about-the-ark",
          url: "/ark/",
          status: { id: "Beta", title: "Beta" },
          api_url: "/admin/api/content/contentnode/3/",
          add_url: "/admin/content/contentnode/add/",
          search_fields: ["name", "slug", "url"],
          api_display_fields: ["name", "slug", "url"],
        },
      ],
      total: 1,
      count: 100,
      start: 0,
    });
    const notASearch = await staff.post("/admin/api/content/contentnode/", { name: "" });
    expect(notASearch.json?.items).toBeUndefined();
  });

  it("the content node query endpoint and the menu node list include parents on request", async () => {
    const nodes = await staff.get(`/admin/api/content/contentnode/query/?query=ark&__include=["parent"]`);
    expect(nodes.json.items).toEqual([
      expect.objectContaining({ id: 3, parent: { id: 1, str: "Home", api_url: "/admin/api/content/contentnode/1/" } }),
    ]);
    const menu = await staff.get("/admin/api/tree/menunode/?count=1");
    expect(menu.json.items).toEqual([
      {
        id: 1,
        str: "Main menu",
        name: "Main menu",
        slug: "main-menu",
        url: "/",
        status: { id: "Beta", title: "Beta" },
        api_url: "/admin/api/tree/menunode/1/",
        add_url: "/admin/tree/menunode/add/",
        search_fields: ["name", "slug"],
        api_display_fields: ["name", "slug", "url"],
      },
    ]);
  });

  it("lookups are for staff only", async () => {
    const res = await new TestClient(server.url).get("/admin/api/product/sku/?count=1");
    expect(res.status).toBe(401);
  });

  it("rebuilding the lookup-catalog read model from the log gives equal tables", async () => {
    const rows = async (p: Projection) =>
      Promise.all(
        p.tables.map(
          async (t) => (await sql`SELECT * FROM ${sql.table(t)} ORDER BY id`.execute(server.database.db)).rows,
        ),
      );
    const projection = allProjections.find((p) => p.name === "lookup-catalog")!;
    const live = await rows(projection);
    expect(live.flat().length).toBeGreaterThan(0);
    await rebuildProjection({ db: server.database.db, store: server.store, projection });
    expect(await rows(projection)).toEqual(live);
  });
});
