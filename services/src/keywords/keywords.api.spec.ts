import { describe, expect, it } from "vitest";
import { contentNodeStream, keywordSlugStream, keywordStream, slugify, uniqueValueStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";

// Keyword rules and lists as HTTP answers on the in-memory log (they were full-server tests in keywords-and-roles.int.spec.ts).
const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const KEYWORDS = "/admin/api/content/keyword/";
const at = new Date().toISOString();

// Given ids start at 100: the id counters start again at 1 in every scenario.
const HOME = 100;
const ARK = 101;
const FLOOD = 102;

/** A content node created at the top of the tree (a v1 event: the page fields take their defaults). */
const nodeCreated = (id: number, name: string): GivenEvent => ({
  streamId: contentNodeStream(id),
  type: "ContentNodeCreated",
  data: { id, name, slug: slugify(name), parentId: null, url: `/${slugify(name)}/`, createdAt: at, by: actorOf(edna) },
});

/** What POST keyword/ appends: the name claim, the slug claim, the keyword. */
const keywordCreated = (id: number, name: string, monthlySearches = 0): GivenEvent[] => [
  {
    streamId: uniqueValueStream("keyword.name", name.toLowerCase()),
    type: "UniqueValueClaimed",
    data: { scope: "keyword.name", value: name.toLowerCase(), owner: id, claimedAt: at },
  },
  {
    streamId: keywordSlugStream(slugify(name)),
    type: "KeywordSlugClaimed",
    data: { keywordId: id, slug: slugify(name) },
  },
  {
    streamId: keywordStream(id),
    type: "KeywordCreated",
    data: { id, name, slug: slugify(name), monthlySearches, createdAt: at, by: actorOf(edna) },
  },
];

const linked = (nodeId: number, keywordId: number): GivenEvent => ({
  streamId: contentNodeStream(nodeId),
  type: "ContentNodeKeywordLinked",
  data: { id: nodeId, keywordId },
});

/** "Creation 01" … "Creation 26", then "Creation", with ids in that order (from 201). */
const creationNames = [
  ...Array.from({ length: 26 }, (_, i) => `Creation ${String(i + 1).padStart(2, "0")}`),
  "Creation",
];
const creation = new Map(creationNames.map((name, i) => [name, 201 + i]));
const creationKeywords = creationNames.flatMap((name) => keywordCreated(creation.get(name)!, name));
const row = (name: string) => ({ id: creation.get(name)!, name, slug: slugify(name) });
const statsRow = (name: string) => ({ ...row(name), our_uses: 0, monthly_searches: 0 });

describe("code health 4: keywords through the API on the in-memory log", () => {
  it("creating a keyword answers its id; the slug defaults to the name's", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(`${KEYWORDS}?ts=1700000000000`, { name: "Noah's Ark" }))
      .then(
        {
          status: 201,
          body: { metadata: { success: true }, id: expect.any(Number), name: "Noah's Ark", slug: "noahs-ark" },
        },
        [
          { streamId: uniqueValueStream("keyword.name", "noah's ark"), type: "UniqueValueClaimed" },
          { streamId: keywordSlugStream("noahs-ark"), type: "KeywordSlugClaimed" },
          {
            type: "KeywordCreated",
            data: { name: "Noah's Ark", slug: "noahs-ark", monthlySearches: 0, by: actorOf(edna) },
          },
        ],
      ));

  it("a duplicate slug or name answers 400 with both errors in metadata.errors", () =>
    spec
      .given(edna, ...keywordCreated(ARK, "Noah's Ark"))
      .when((http) => http.as(edna).post(`${KEYWORDS}?ts=1`, { name: "noah's ark", slug: "noahs-ark" }))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(400);
        expect(response.json).toEqual({
          metadata: {
            success: false,
            code: "KEYWORD_INVALID",
            message: "Creating the keyword failed. See errors below.",
            errors: [
              "slug: A keyword with this slug already exists.",
              "name: A keyword with this name already exists.",
            ],
          },
        });
        expect(newEvents).toEqual([]);
        const missing = await http.as(edna).post(KEYWORDS, {});
        expect(missing.json.metadata.errors).toEqual(["name: This field is required."]);
      }));

  it("mode=find with content_nodes__id lists the keywords of that node", () =>
    spec
      .given(
        edna,
        nodeCreated(HOME, "Keyword Home"),
        ...keywordCreated(ARK, "Noah's Ark"),
        ...keywordCreated(FLOOD, "Flood Geology", 880),
        linked(HOME, ARK),
      )
      .when((http) => http.as(edna).get(`${KEYWORDS}?count=-1&sort=id&mode=find&content_nodes__id=${HOME}`))
      .then(async ({ response, http }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          total: 1,
          count: -1,
          start: 0,
          items: [{ id: ARK, name: "Noah's Ark", slug: "noahs-ark" }],
        });
        const all = await http.as(edna).get(`${KEYWORDS}?count=1&sort=-id`);
        expect(all.json).toEqual({
          metadata: { success: true },
          total: 2,
          count: 1,
          start: 0,
          items: [{ id: FLOOD, name: "Flood Geology", slug: "flood-geology" }],
        });
      }));

  it("keyword stats count the nodes using a keyword and carry monthly searches (default 0)", () =>
    spec
      .given(
        edna,
        nodeCreated(HOME, "Keyword Home"),
        ...keywordCreated(ARK, "Noah's Ark"),
        ...keywordCreated(FLOOD, "Flood Geology", 880),
        linked(HOME, ARK),
      )
      .when((http) =>
        http.as(edna).post("/admin/api/content/contentnode/", { name: "Second", parent: HOME, keywords: [ARK] }),
      )
      .then(async ({ response, http }) => {
        const second = response.json.id;
        expect(second).toBeGreaterThan(0);
        const res = await http.as(edna).get(`/admin/api/content/keyword-stats/?count=-1&sort=id`);
        expect(res.json.items).toEqual([
          { id: ARK, name: "Noah's Ark", slug: "noahs-ark", our_uses: 2, monthly_searches: 0 },
          { id: expect.any(Number), name: "Flood Geology", slug: "flood-geology", our_uses: 0, monthly_searches: 880 },
        ]);
        await http.as(edna).request("DELETE", `/admin/api/content/contentnode/${second}/keywords/`, { keyword: ARK });
        expect((await http.as(edna).get(`/admin/api/content/keyword-stats/?query=noah`)).json.items).toEqual([
          { id: ARK, name: "Noah's Ark", slug: "noahs-ark", our_uses: 1, monthly_searches: 0 },
        ]);
      }));

  it("keyword search answers at most 25 matches, exact match first, and the total of every match", () =>
    spec
      .given(edna, ...creationKeywords)
      .when((http) => http.as(edna).get("/admin/api/content/keyword-search/?query=creation"))
      .then(async ({ response, http }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          items: expect.any(Array),
          total: 27,
          count: 25,
          start: 0,
        });
        expect(response.json.items).toHaveLength(25);
        expect(response.json.items[0]).toEqual(statsRow("Creation"));
        expect(
          await http
            .as(edna)
            .get("/admin/api/content/keyword-search/?query=")
            .then((r) => r.json),
        ).toEqual({ metadata: { success: true }, items: [], total: 0, count: 25, start: 0 });
      }));

  it("keyword search honours count (never more than 25) and leaves out excluded ids", () =>
    spec
      .given(edna, ...creationKeywords)
      .when((http) => {
        const exclude = encodeURIComponent(
          JSON.stringify([creation.get("Creation"), creation.get("Creation 01"), "junk"]),
        );
        return http.as(edna).get(`/admin/api/content/keyword-search/?query=creation&count=3&exclude=${exclude}`);
      })
      .then(async ({ response, http }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          items: ["Creation 02", "Creation 03", "Creation 04"].map(statsRow),
          total: 25,
          count: 3,
          start: 0,
        });
        const capped = await http.as(edna).get("/admin/api/content/keyword-search/?query=creation&count=100");
        expect([capped.json.items.length, capped.json.count, capped.json.total]).toEqual([25, 25, 27]);
        const bad = await http.as(edna).get("/admin/api/content/keyword-search/?query=creation&count=0");
        expect([bad.status, bad.json.metadata.errors]).toEqual([
          400,
          ["count: Ensure this value is greater than or equal to 1."],
        ]);
      }));

  it("the autocomplete call sorts by keyword name, leaves out excluded ids and answers count items of the total", () =>
    spec
      .given(edna, ...creationKeywords)
      .when((http) => {
        const exclude = encodeURIComponent(JSON.stringify([creation.get("Creation"), creation.get("Creation 02")]));
        return http.as(edna).get(`${KEYWORDS}?count=10&start=0&query=crea&sort=keyword&exclude=${exclude}`);
      })
      .then(async ({ response, http }) => {
        expect(response.status).toBe(200);
        const names = [
          "Creation 01",
          ...Array.from({ length: 9 }, (_, i) => `Creation ${String(i + 3).padStart(2, "0")}`),
        ];
        expect(response.json).toEqual({
          metadata: { success: true },
          items: names.map(row),
          total: 25,
          count: 10,
          start: 0,
        });
        const backwards = await http.as(edna).get(`${KEYWORDS}?count=2&start=1&query=crea&sort=-keyword`);
        expect(backwards.json).toEqual({
          metadata: { success: true },
          items: [row("Creation 25"), row("Creation 24")],
          total: 27,
          count: 2,
          start: 1,
        });
        const unknown = await http.as(edna).get(`${KEYWORDS}?sort=popularity`);
        expect([unknown.status, unknown.json.metadata.errors]).toEqual([400, ["sort: Cannot sort by popularity."]]);
      }));
});
