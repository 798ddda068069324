import { describe, expect, it } from "vitest";
import { PICKER } from "@shop/shared";
import { autocompleteParams, chunkIds, itemParams, searchBody } from "./pickerRequests";

const NODES = "/admin/api/content/contentnode/";

describe("Find sends the §7 search", () => {
  it("with 'All' chosen, ORs field__icontains over every search field of the picker", () => {
    const body = searchBody({ api: NODES, query: "ark", field: "", exclude: [3], searchFields: ["name", "slug"] });
    expect(body).toEqual({
      count: PICKER.defaultResultCount,
      sort: "id",
      start: 0,
      query: "ark",
      exclude: [3],
      OR: { name__icontains: "ark", slug__icontains: "ark" },
    });
  });

  it("with 'All' and no fields named, sends no OR: the lookup searches the query in its own fields", () => {
    const body = searchBody({ api: "/admin/api/product/sku/", query: "ark", field: "", exclude: [] });
    expect(body).not.toHaveProperty("OR");
    expect(body.query).toBe("ark");
  });

  it("with one field chosen, searches that field only", () => {
    expect(
      searchBody({ api: NODES, query: "ark", field: "slug", exclude: [], searchFields: ["name", "slug"] }).OR,
    ).toEqual({ slug__icontains: "ark" });
  });

  it("passes the filters on", () => {
    expect(
      searchBody({ api: NODES, query: "ark", field: "", exclude: [], filters: { status: "Live" } }).filters,
    ).toEqual({ status: "Live" });
  });
});

describe("autocomplete asks for 10 items by keyword", () => {
  it("sends count=10, start=0, query, sort=keyword and exclude", () => {
    const params = autocompleteParams({ api: NODES, query: "ark", field: "", exclude: [1, 2] });
    expect(Object.fromEntries(params)).toEqual({
      count: "10",
      start: "0",
      query: "ark",
      sort: "keyword",
      exclude: "[1,2]",
    });
  });
});

describe("long id lists load in requests of about 1000 characters", () => {
  it("keeps every id, in order, and no chunk longer than the limit", () => {
    const ids = Array.from({ length: 400 }, (_, i) => 100000 + i);
    const chunks = chunkIds(ids);
    expect(chunks.flat()).toEqual(ids);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks)
      expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(PICKER.idRequestUrlChunkLength);
  });

  it("a short list is one request; no ids is none", () => {
    expect(chunkIds([1, 2, 3])).toEqual([[1, 2, 3]]);
    expect(chunkIds([])).toEqual([]);
  });
});

describe("spec 10: the picker sends __include", () => {
  const TRANSLATIONS = "/admin/api/translation/contentlangnode/";
  it("in the Find body, the autocomplete query and the request for the current items", () => {
    const args = { api: TRANSLATIONS, query: "ark", field: "", exclude: [], include: ["node"] };
    expect(searchBody(args).__include).toEqual(["node"]);
    expect(autocompleteParams(args).get("__include")).toBe('["node"]');
    expect(Object.fromEntries(itemParams([4, 5], ["node"]))).toEqual({
      count: "-1",
      sort: "id",
      start: "0",
      pk__in: "[4,5]",
      __include: '["node"]',
    });
  });

  it("not at all when the picker names no foreign key", () => {
    expect(searchBody({ api: TRANSLATIONS, query: "ark", field: "", exclude: [] })).not.toHaveProperty("__include");
    expect(itemParams([4]).has("__include")).toBe(false);
  });

  it("and long id lists go in requests of about 1,000 characters", () => {
    const ids = Array.from({ length: 600 }, (_, i) => 100_000 + i);
    const chunks = chunkIds(ids);
    expect(chunks.flat()).toEqual(ids);
    for (const chunk of chunks) expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(1000);
    expect(chunks.length).toBeGreaterThan(3);
  });
});
