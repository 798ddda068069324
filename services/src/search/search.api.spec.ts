import { describe, expect, it } from "vitest";
import { contentNodeStream } from "@shop/shared";
import { MAX_SUGGESTIONS, MIN_SUGGEST_CHARS } from "@shop/shared/search/api";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";

const spec = apiSpec(createApp);
const at = new Date().toISOString();

function page(id: number, name: string, url: string, live = true): GivenEvent[] {
  const created: GivenEvent = {
    streamId: contentNodeStream(id),
    type: "ContentNodeCreated",
    data: { id, name, slug: `p${id}`, parentId: null, url, createdAt: at },
  };
  const published: GivenEvent = {
    streamId: contentNodeStream(id),
    type: "ContentNodePublished",
    data: { id, publishedAt: at },
  };
  return live ? [created, published] : [created];
}

const catalog = [
  productGiven(1, { title: "The New Answers Book 1" }),
  ...skuGiven(100, "10-1-100", { productId: 1, format: "Paperback", priceCents: 1499 }),
  productGiven(2, { title: "Answers for Kids" }),
  ...skuGiven(101, "10-1-101", { productId: 2, format: "Paperback", priceCents: 999 }),
  productGiven(3, { title: "Answers Unlisted" }), // no SKU: not listed in the store
  ...page(10, "Answers to Common Questions", "/answers/"),
  ...page(11, "Answers Draft", "/draft/", false),
];

type Answer = [string, [string, string, string][]];

describe("GET /api/search/suggest/?q= (storefront §7 search suggestions)", () => {
  it("answers a list whose second element holds the suggestions, each with the text first", () =>
    spec
      .given(...catalog)
      .when((http) => http.visitor().get("/api/search/suggest/?q=answ"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        const [q, suggestions] = response.json as Answer;
        expect(q).toBe("answ");
        expect(suggestions).toEqual([
          ["Answers for Kids", "/store/products/2/", "product"],
          ["Answers to Common Questions", "/answers/", "page"],
          ["The New Answers Book 1", "/store/products/1/", "product"],
        ]);
      }));

  it("suggests from listed products and Live pages only", () =>
    spec
      .given(...catalog)
      .when((http) => http.visitor().get("/api/search/suggest/?q=answers"))
      .then(({ response }) => {
        const texts = (response.json as Answer)[1].map(([text]) => text);
        expect(texts).not.toContain("Answers Unlisted");
        expect(texts).not.toContain("Answers Draft");
      }));

  it(`fewer than ${MIN_SUGGEST_CHARS} characters get no suggestions`, () =>
    spec
      .given(...catalog)
      .when((http) => http.visitor().get("/api/search/suggest/?q=a"))
      .then({ status: 200, body: ["a", []] }));

  it("a LIKE wildcard in q is matched as itself", () =>
    spec
      .given(...catalog)
      .when((http) => http.visitor().get("/api/search/suggest/?q=%25%25"))
      .then({ status: 200, body: ["%%", []] }));

  it(`at most ${MAX_SUGGESTIONS} suggestions`, () => {
    const many = Array.from({ length: 12 }, (_, i) => page(20 + i, `Answers ${i}`, `/a${i}/`)).flat();
    return spec
      .given(...many)
      .when((http) => http.visitor().get("/api/search/suggest/?q=answers"))
      .then(({ response }) => {
        expect((response.json as Answer)[1]).toHaveLength(MAX_SUGGESTIONS);
      });
  });
});
