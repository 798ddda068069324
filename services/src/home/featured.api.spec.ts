import { describe, expect, it } from "vitest";
import { contentNodeStream } from "@shop/shared";
import { FEATURED_PAGE_URL } from "@shop/shared/home/constants";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";

const spec = apiSpec(createApp);
const at = new Date().toISOString();

const catalog = [
  productGiven(1, { title: "Old Book", releaseDate: "2001-01-01" }),
  ...skuGiven(100, "10-1-100", { productId: 1, format: "Paperback", priceCents: 999 }),
  productGiven(2, { title: "New Book", releaseDate: "2026-01-01" }),
  ...skuGiven(101, "10-1-101", { productId: 2, format: "Paperback", priceCents: 1499 }),
  ...skuGiven(102, "10-1-102", { productId: 2, format: "Hardcover", priceCents: 2499 }),
  productGiven(3, { title: "Unlisted Book" }), // no SKU: not in the store
];

function featuredPage(body: string, live = true): GivenEvent[] {
  const id = 50;
  const created: GivenEvent = {
    streamId: contentNodeStream(id),
    type: "ContentNodeCreated",
    data: { id, name: "Staff Picks", slug: "staff-picks", parentId: null, url: FEATURED_PAGE_URL, body, createdAt: at },
  };
  const published: GivenEvent = {
    streamId: contentNodeStream(id),
    type: "ContentNodePublished",
    data: { id, publishedAt: at },
  };
  return live ? [created, published] : [created];
}

const titles = (json: unknown) => (json as { items: { title: string }[] }).items.map((p) => p.title);

describe("GET /api/home/featured/ (spec 26.2: staff pick the home page's products on a page)", () => {
  it("spec 26.2: the products the Live featured page links, in its order; an unlisted one is left out", () =>
    spec
      .given(
        ...catalog,
        ...featuredPage(
          '<p><a href="/store/products/1/">Old</a> <a href="/store/products/3/">Gone</a> <a href="/store/products/2/?sku=10-1-102">New</a></p>',
        ),
      )
      .when((http) => http.visitor().get("/api/home/featured/"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        const json = response.json as { picked: boolean; items: { price_cents: number; max_price_cents: number }[] };
        expect(json.picked).toBe(true);
        expect(titles(json)).toEqual(["Old Book", "New Book"]);
        expect(json.items[1]).toMatchObject({ url: "/store/products/2/", price_cents: 1499, max_price_cents: 2499 });
      }));

  it("spec 26.2: without a Live featured page, the newest products", () =>
    spec
      .given(...catalog, ...featuredPage('<a href="/store/products/1/">Old</a>', false))
      .when((http) => http.visitor().get("/api/home/featured/"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect((response.json as { picked: boolean }).picked).toBe(false);
        expect(titles(response.json)).toEqual(["New Book", "Old Book"]);
      }));
});
