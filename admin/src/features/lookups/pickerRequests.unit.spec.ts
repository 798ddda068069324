import { describe, expect, it } from "vitest";
import { PICKER } from "@shop/shared";
import { autocompleteParams, chunkIds, searchBody } from "./pickerRequests";

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
