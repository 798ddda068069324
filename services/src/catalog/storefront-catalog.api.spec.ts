import { describe, expect, it } from "vitest";
import { QUICK_VIEW_FAILED, ProductListResponse, QuickViewResponse, SkuListResponse } from "@shop/shared/catalog/api";
import { createApp } from "../app.ts";
import { apiSpec, type SpecHttp } from "../testing/api-spec.ts";
import { productGiven, skuGiven } from "./catalog-spec-fixtures.ts";

// The storefront's catalog calls (storefront §7) through HTTP, on the in-memory log and the real read models.
const spec = apiSpec(createApp, { clock: () => new Date("2026-11-23T15:00:00Z") });

const answers = [
  productGiven(1, {
    title: "The New Answers Book 1",
    subtitle: "Over 25 questions",
    author: "Ken Ham",
    series: "New Answers",
    releaseDate: "2006-10-01",
    description: "<p>Answers.</p>",
    images: [{ url: "/media/nab1.jpg", alt: "" }],
  }),
  ...skuGiven(100, "10-1-100", {
    productId: 1,
    format: "Paperback",
    priceCents: 1499,
    originalPriceCents: 1799,
    isbn: "9780890515099",
    upc: "713438100017",
    stock: 5,
    priceTiers: [{ minQuantity: 10, priceCents: 999 }],
  }),
  ...skuGiven(101, "90-3-100", { productId: 1, format: "eBook", digital: true, priceCents: 799 }),
  productGiven(2, {
    title: "The New Answers Book 2",
    author: "Ken Ham",
    series: "New Answers",
    releaseDate: "2008-05-01",
  }),
  ...skuGiven(102, "10-1-102", {
    productId: 2,
    format: "Paperback",
    priceCents: 1499,
    stock: 0,
    backorder: true,
    restockDate: "2027-01-15",
  }),
  productGiven(3, { title: "Dinosaurs of Eden", author: "Ken Ham", releaseDate: "2001-03-01" }),
  ...skuGiven(103, "10-1-103", { productId: 3, format: "Hardcover", priceCents: 2999, stock: 0, backorder: false }),
  productGiven(4, { title: "Noah's Ark Tour", subtitle: "A family visit", author: "Answers in Genesis" }),
  ...skuGiven(104, "30-1-104", { productId: 4, format: "DVD", priceCents: 5999, allowReturns: false }),
  productGiven(5, { title: "Answers Pack", includes: ["10-1-103", "10-1-100", "99-9-999"], betterTogether: [3, 1] }),
  ...skuGiven(105, "40-1-105", { productId: 5, format: "Pack", priceCents: 3999 }),
];
const list = (http: SpecHttp, query: string) => http.visitor().get(`/api/store/products/?${query}`);
const ids = (json: { items: { id: number }[] }) => json.items.map((i) => i.id);

describe("catalog: the storefront's list, search, SKUs, sliders and quick view", () => {
  it("the product list answers items, count, total and facet counts, sorted by title by default", () =>
    spec
      .given(...answers)
      .when((http) => list(http, ""))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        const body = ProductListResponse.parse(response.json);
        expect(ids(body)).toEqual([5, 3, 4, 1, 2]);
        expect(body).toMatchObject({ count: 5, total: 5, start: 0 });
        expect(body.facets.category).toEqual([
          { value: "books", count: 3 },
          { value: "ebooks", count: 1 },
          { value: "packs", count: 1 },
          { value: "videos", count: 1 },
        ]);
        expect(body.facets.availability).toEqual([
          { value: "backorder", count: 1 },
          { value: "in_stock", count: 3 },
          { value: "sold_out", count: 1 },
        ]);
        expect(body.facets.price).toEqual([
          { value: "0-999", count: 1 },
          { value: "1000-2499", count: 1 },
          { value: "2500-4999", count: 2 },
          { value: "5000-", count: 1 },
        ]);
        expect(body.items[3]).toMatchObject({
          title: "The New Answers Book 1",
          price: "7.99",
          price_float: 7.99,
          price_cents: 799,
          max_price_cents: 1499,
          formats: ["Paperback", "eBook"],
          availability: "in_stock",
          url: "/store/products/1/",
          image: "/media/nab1.jpg",
        });
      }));

  it("start and count page the list; count defaults to 24 and may not pass 96", () =>
    spec
      .given(...answers)
      .when((http) => list(http, "start=1&count=2&sort=-price"))
      .then(async ({ response, http }) => {
        expect(ids(response.json)).toEqual([5, 3]);
        expect(response.json).toMatchObject({ count: 2, total: 5, start: 1 });
        const tooMany = await list(http, "count=97");
        expect(tooMany.status).toBe(400);
        expect(tooMany.json.metadata.errors).toEqual(["count: Ensure this value is less than or equal to 96."]);
      }));

  it("a search matches title, subtitle, author, series, code, ISBN and UPC, best matches first", () =>
    spec
      .given(...answers)
      .when((http) => list(http, "q=answers"))
      .then(async ({ response, http }) => {
        // Title matches rank above a match in the author alone (Noah's Ark Tour by Answers in Genesis).
        expect(ids(response.json).slice(-1)).toEqual([4]);
        expect(ids(response.json).sort()).toEqual([1, 2, 4, 5]);
        const find = async (q: string) => ids((await list(http, `q=${encodeURIComponent(q)}`)).json);
        expect(await find("family visit")).toEqual([4]);
        expect(await find("Ken Ham dinosaurs")).toEqual([3]);
        expect(await find("10-1-102")).toEqual([2]);
        expect(await find("9780890515099")).toEqual([1]);
        expect(await find("713438100017")).toEqual([1]);
        expect(await find("zebra")).toEqual([]);
      }));

  it("spec 28.1 a word being typed finds the products whose words it begins, in the list's answer", () =>
    spec
      .given(...answers)
      .when((http) => list(http, "q=ans"))
      .then(async ({ response, http }) => {
        const body = ProductListResponse.parse(response.json);
        expect(Object.keys(response.json).sort()).toEqual(["count", "facets", "items", "metadata", "start", "total"]);
        expect(ids(body).sort()).toEqual([1, 2, 4, 5]);
        expect(body).toMatchObject({ metadata: { success: true }, count: 4, total: 4, start: 0 });
        expect(body.facets.category).toContainEqual({ value: "videos", count: 1 });
        // Title matches first, as for the whole word.
        expect(ids(body).slice(-1)).toEqual([4]);
        const find = async (q: string) => ids((await list(http, `q=${encodeURIComponent(q)}`)).json);
        expect(await find("Ken Ham dino")).toEqual([3]);
        expect(await find("ans book")).toEqual([]); // only the last word is a prefix
        expect(await find("answers bo")).toEqual([]); // nor one of two letters
        expect(await find("answers boo")).toEqual([1, 2]);
        const paged = await list(http, "q=answ&start=1&count=2");
        expect(paged.json).toMatchObject({ count: 2, total: 4, start: 1 });
        expect(ids(paged.json)).toEqual(ids(body).slice(1, 3));
      }));

  it("filters by category, format, price range and availability narrow the list; a facet counts without its own filter", () =>
    spec
      .given(...answers)
      .when((http) => list(http, "category=books&availability=in_stock,backorder"))
      .then(async ({ response, http }) => {
        expect(ids(response.json).sort()).toEqual([1, 2]);
        expect(response.json.facets.availability).toEqual([
          { value: "backorder", count: 1 },
          { value: "in_stock", count: 1 },
          { value: "sold_out", count: 1 },
        ]);
        expect(ids((await list(http, "format=DVD")).json)).toEqual([4]);
        expect(ids((await list(http, "min_price_cents=2500&max_price_cents=4999")).json).sort()).toEqual([3, 5]);
      }));

  it("/store/skus/ with available_in lists a product's SKUs with the SKU data fields", () =>
    spec
      .given(...answers)
      .when((http) => http.visitor().get("/store/skus/?available_in=1&sort=price&template=side_scrolling&count=-1"))
      .then(({ response }) => {
        const body = SkuListResponse.parse(response.json);
        expect(body).toMatchObject({ metadata: { success: true }, total: 2, count: 2 });
        expect(body.items.map((s) => s.sku)).toEqual(["90-3-100", "10-1-100"]);
        expect(body.items[1]).toMatchObject({
          name: "The New Answers Book 1",
          format: "Paperback",
          upc: "713438100017",
          isbn: "9780890515099",
          price: "14.99",
          price_float: 14.99,
          original_price: "17.99",
          is_sold_out: false,
          is_backordered: false,
          restock_future: false,
          allow_returns: true,
          price_tiers: [{ min_quantity: 10, price: "9.99", price_cents: 999 }],
          category: "books",
        });
        expect(body.items[0].html).toContain('href="/store/products/1/?sku=90-3-100"');
      }));

  it("sold out, backordered and a future restock date show on the SKU", () =>
    spec
      .given(...answers)
      .when((http) => http.visitor().get("/store/skus/?sort=sku&count=-1"))
      .then(({ response }) => {
        const by = new Map(response.json.items.map((s: { sku: string }) => [s.sku, s]));
        expect(by.get("10-1-102")).toMatchObject({
          is_sold_out: false,
          is_backordered: true,
          restock_future: true,
          restock_date: "2027-01-15",
        });
        expect(by.get("10-1-103")).toMatchObject({ is_sold_out: true, is_backordered: false });
        expect(by.get("30-1-104")).toMatchObject({ allow_returns: false });
      }));

  it("/store/skus/ with pack_includes lists what a pack includes, in its order", () =>
    spec
      .given(...answers)
      .when((http) => http.visitor().get("/store/skus/?pack_includes=5&template=whats_included&count=24"))
      .then(({ response }) => {
        expect(response.json.items.map((s: { sku: string }) => s.sku)).toEqual(["10-1-103", "10-1-100"]);
        expect(response.json).toMatchObject({ total: 2, metadata: { success: true } });
      }));

  it("get-siblings answers more in series (without the product itself), more by author and better together", () =>
    spec
      .given(...answers)
      .when((http) => http.visitor().get("/api/store/product/get-siblings/?id=1&count=24"))
      .then(async ({ response, http }) => {
        expect(ids(response.json)).toEqual([2]);
        const author = await http.visitor().get("/api/store/product/get-siblings/?id=1&relation=author&sort=title");
        expect(ids(author.json)).toEqual([3, 2]);
        const together = await http
          .visitor()
          .get("/api/store/product/get-siblings/?id=5&relation=better_together&template=side_scrolling");
        expect(ids(together.json)).toEqual([3, 1]);
      }));

  it("quick view answers the quick-view fields of the first SKU that can be bought", () =>
    spec
      .given(...answers)
      .when((http) => http.visitor().get("/api/store/product/quick-view/?id=1"))
      .then(async ({ response, http }) => {
        const body = QuickViewResponse.parse(response.json);
        expect(body).toMatchObject({
          id: 1,
          subtitle: "Over 25 questions",
          format_name: "Paperback",
          sku_code: "10-1-100",
          price: "14.99",
          original_price: "17.99",
          description: "<p>Answers.</p>",
          isreleased: true,
          release_date: "2006-10-01",
          is_backordered: false,
          restock_future: false,
          is_sold_out: false,
        });
        expect(body.skus).toHaveLength(2);
        const ebook = await http.visitor().get("/api/store/product/quick-view/?id=1&sku=90-3-100");
        expect(ebook.json).toMatchObject({ format_name: "eBook", price: "7.99", original_price: null });
      }));

  it("quick view of an unknown product answers metadata.success false and the message", () =>
    spec
      .given(...answers)
      .when((http) => http.visitor().get("/api/store/product/quick-view/?id=999"))
      .then({
        status: 404,
        body: {
          metadata: {
            success: false,
            code: "NOT_FOUND",
            message: QUICK_VIEW_FAILED,
            errors: [`__all__: ${QUICK_VIEW_FAILED}`],
          },
        },
      }));

  it("/store/products/{id}/ asked for JSON answers metadata and the description; asked for HTML it is left to the page", () =>
    spec
      .given(...answers)
      .when((http) => http.visitor().request("GET", "/store/products/1/", undefined, { accept: "application/json" }))
      .then(async ({ response, http }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ metadata: { success: true }, description: "<p>Answers.</p>" });
        expect(response.json.product).toMatchObject({ id: 1, sku_attributes: { "10-1-100": {}, "90-3-100": {} } });
        const page = await http.visitor().request("GET", "/store/products/1/", undefined, { accept: "text/html" });
        expect(page.json?.description).toBeUndefined();
        const unknown = await http
          .visitor()
          .request("GET", "/store/products/77/", undefined, { accept: "application/json" });
        expect(unknown.status).toBe(404);
        expect(unknown.json.metadata.success).toBe(false);
      }));
});
