import { describe, expect, it } from "vitest";
import { skuStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";
import { productGiven, skuGiven } from "./catalog-spec-fixtures.ts";

// The back office's catalog REST through HTTP, on the in-memory log and the real read models.
const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const PRODUCTS = "/admin/api/store/product/";
const SKUS = "/admin/api/store/sku/";

const book = [
  productGiven(1, { title: "The New Answers Book 1", author: "Ken Ham", series: "New Answers" }),
  ...skuGiven(100, "10-1-100", { productId: 1, format: "Paperback", priceCents: 1499, stock: 5 }),
];

describe("catalog: the back office's products and SKUs", () => {
  it("staff create a product; the slug defaults to the title's and the answer carries id and version", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).post(PRODUCTS, { title: "Dinosaurs of Eden", author: "Ken Ham", release_date: "2001-03-01" }),
      )
      .then(
        {
          status: 201,
          body: expect.objectContaining({
            metadata: { success: true, message: "Your changes have been saved." },
            id: 1,
            slug: "dinosaurs-of-eden",
            version: 0,
            listed: false,
          }),
        },
        [{ streamId: "product-1", type: "ProductCreated", data: { title: "Dinosaurs of Eden", by: actorOf(edna) } }],
      ));

  it("a product without a title is refused with the field's message, and nothing is written", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(PRODUCTS, { subtitle: "No title" }))
      .then(
        {
          status: 400,
          body: {
            metadata: {
              success: false,
              code: "INVALID_REQUEST",
              message: "Invalid request syntax or bad data.",
              errors: ["title: This field is required."],
            },
          },
        },
        [],
      ));

  it("an update against a stale expected_version answers 409 and writes nothing", () =>
    spec
      .given(edna, ...book, {
        streamId: "product-1",
        type: "ProductUpdated",
        data: { id: 1, changes: { subtitle: "x" }, updatedAt: new Date().toISOString(), by: null },
      })
      .when((http) => http.as(edna).request("PUT", `${PRODUCTS}1/`, { title: "Mine", expected_version: 0 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.success).toBe(false);
        expect(response.json.version).toBe(1);
        expect(newEvents).toEqual([]);
      }));

  it("an update changes only the fields it sends: the others keep their values", () =>
    spec
      .given(edna, ...book)
      .when((http) => http.as(edna).request("PUT", `${PRODUCTS}1/`, { subtitle: "Revised", expected_version: 0 }))
      .then(async ({ response, http }) => {
        expect(response.status).toBe(200);
        const record = await http.as(edna).get(`${PRODUCTS}1/`);
        expect(record.json).toMatchObject({ title: "The New Answers Book 1", subtitle: "Revised", author: "Ken Ham" });
        expect(record.json.series).toBe("New Answers");
      }));

  it("a price change shows on the storefront's endpoints at once", () =>
    spec
      .given(edna, ...book)
      .when((http) =>
        http
          .as(edna)
          .request("PUT", `${SKUS}100/`, { price_cents: 1199, original_price_cents: 1499, expected_version: 0 }),
      )
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ price_cents: 1199, original_price_cents: 1499, version: 1 });
        expect(newEvents.map((e) => e.type)).toEqual(["SkuPriceChanged"]);
        const quick = await http.visitor().get("/api/store/product/quick-view/?id=1");
        expect(quick.json).toMatchObject({ price: "11.99", original_price: "14.99" });
        const list = await http.visitor().get("/api/store/products/");
        expect(list.json.items[0]).toMatchObject({ price_cents: 1199 });
      }));

  it("a price or stock change shows in the next add-to-cart answer, though the SKU was just read for another cart", () =>
    spec
      .given(edna, ...book)
      .when((http) => http.visitor().get("/api/store/shop/add-to-cart/?10-1-100=1"))
      .then(async ({ response, http }) => {
        expect(response.json.items[0]).toMatchObject({ sku_code: "10-1-100", price: "14.99" });
        const priced = await http.as(edna).request("PUT", `${SKUS}100/`, { price_cents: 1199, expected_version: 0 });
        expect(priced.status).toBe(200);
        const cheaper = await http.visitor().get("/api/store/shop/add-to-cart/?10-1-100=1");
        expect(cheaper.json.items[0]).toMatchObject({ sku_code: "10-1-100", price: "11.99" });
        const soldOut = await http.as(edna).request("PUT", `${SKUS}100/`, { stock: 0, backorder: false });
        expect(soldOut.status).toBe(200);
        const refused = await http.visitor().get("/api/store/shop/add-to-cart/?10-1-100=1");
        expect(refused.json.metadata).toMatchObject({ success: false });
      }));

  it("stock set to 0 without backorder shows the SKU sold out on the storefront at once, facet counts included", () =>
    spec
      .given(edna, ...book)
      .when((http) => http.visitor().get("/api/store/products/?category=books"))
      .then(async ({ response, http }) => {
        expect(response.json.facets.availability).toEqual([{ value: "in_stock", count: 1 }]);
        const put = await http.as(edna).request("PUT", `${SKUS}100/`, { stock: 0, backorder: false });
        expect(put.status).toBe(200);
        const skus = await http.visitor().get("/store/skus/?available_in=1");
        expect(skus.json.items[0]).toMatchObject({ is_sold_out: true, stock: 0 });
        const list = await http.visitor().get("/api/store/products/?category=books");
        expect(list.json.facets.availability).toEqual([{ value: "sold_out", count: 1 }]);
        expect(list.json.items[0]).toMatchObject({ availability: "sold_out", is_sold_out: true });
      }));

  it("staff create a SKU with its price tiers; its category follows from the code", () =>
    spec
      .given(edna, ...book)
      .when((http) =>
        http.as(edna).post(SKUS, {
          sku: "90-3-100",
          product: 1,
          format: "eBook",
          price_cents: 799,
          digital: true,
          price_tiers: [{ min_quantity: 10, price_cents: 599 }],
        }),
      )
      .then(async ({ response, newEvents }) => {
        expect(response.status).toBe(201);
        expect(response.json).toMatchObject({
          sku: "90-3-100",
          category: "ebooks",
          title: "The New Answers Book 1",
          price_tiers: [{ min_quantity: 10, price_cents: 599 }],
          version: 0,
        });
        expect(response.json.id).toBeGreaterThan(100);
        expect(newEvents.map((e) => e.type)).toEqual(["SkuCodeClaimed", "SkuCreated"]);
      }));

  it("a SKU code already taken, by a catalog SKU or a lookups SKU, is refused", () =>
    spec
      .given(edna, ...book, {
        streamId: skuStream(7),
        type: "SkuAdded",
        data: { id: 7, sku: "30-1-205", name: "Noah's Ark DVD", priceCents: 1999, active: true },
      })
      .when((http) => http.as(edna).post(SKUS, { sku: "10-1-100", price_cents: 100 }))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["sku: A SKU with this code already exists."]);
        const legacy = await http.as(edna).post(SKUS, { sku: "30-1-205", price_cents: 100 });
        expect(legacy.json.metadata.errors).toEqual(["sku: A SKU with this code already exists."]);
        expect(newEvents).toEqual([]);
      }));

  it("a SKU of an unknown product is refused", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(SKUS, { sku: "10-1-999", product: 42, price_cents: 100 }))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "product: Select a valid choice. That choice is not one of the available choices.",
        ]);
      }));

  it("the lists page, sort and filter; an unknown sort answers 400", () =>
    spec
      .given(
        edna,
        ...book,
        productGiven(2, { title: "Answers Pack" }),
        ...skuGiven(101, "40-1-101", { productId: 2, priceCents: 3999 }),
        ...skuGiven(102, "GeneralDonation", {
          name: "General Donation",
          userDefinedPrice: true,
          campaign: "ark-main",
          priceCents: 0,
        }),
      )
      .when((http) => http.as(edna).get(`${PRODUCTS}?sort=-title&count=1&start=0`))
      .then(async ({ response, http }) => {
        expect(response.json).toMatchObject({ total: 2, count: 1, start: 0, items: [{ id: 1 }] });
        const packs = await http.as(edna).get(`${SKUS}?category=packs`);
        expect(packs.json.items.map((s: { sku: string }) => s.sku)).toEqual(["40-1-101"]);
        const donations = await http.as(edna).get(`${SKUS}?user_defined_price=true`);
        expect(donations.json.items).toMatchObject([{ sku: "GeneralDonation", campaign: "ark-main", product: null }]);
        const bad = await http.as(edna).get(`${SKUS}?sort=secret`);
        expect(bad.status).toBe(400);
        expect(bad.json.metadata.errors).toEqual(["sort: Cannot sort by secret."]);
      }));

  it("a record's history lists its versions with who changed what", () =>
    spec
      .given(edna, ...book)
      .when(async (http) => {
        await http.as(edna).request("PUT", `${SKUS}100/`, { format: "Hardcover", price_cents: 1999 });
        return http.as(edna).get(`${SKUS}100/history/`);
      })
      .then(({ response }) => {
        expect(response.json.items.map((i: { version: number; type: string }) => [i.version, i.type])).toEqual([
          [0, "SkuCreated"],
          [1, "SkuUpdated"],
          [2, "SkuPriceChanged"],
        ]);
        expect(response.json.items[1]).toMatchObject({ by: actorOf(edna), changes: { format: "Hardcover" } });
      }));

  it("the catalog's back office is for staff only", () =>
    spec
      .given(shopper)
      .when((http) => http.visitor().get(PRODUCTS))
      .then(async ({ response, http }) => {
        expect(response.status).toBe(401);
        expect((await http.as(shopper).get(SKUS)).status).toBe(403);
        expect((await http.as(shopper).post(PRODUCTS, { title: "x" })).status).toBe(403);
      }));

  it("the record picker finds products by title, author or series, and SKUs from the catalog", () =>
    spec
      .given(edna, ...book, productGiven(2, { title: "Dinosaurs of Eden", author: "Ken Ham" }))
      .when((http) => http.as(edna).post("/admin/api/product/product/query/", { query: "answers", count: 10 }))
      .then(async ({ response, http }) => {
        expect(response.status).toBe(200);
        expect(response.json.items).toMatchObject([{ id: 1, str: "The New Answers Book 1", author: "Ken Ham" }]);
        const byAuthor = await http.as(edna).post("/admin/api/product/product/query/", { query: "ham", count: 10 });
        expect(byAuthor.json.total).toBe(2);
        const skus = await http.as(edna).post("/admin/api/product/sku/query/", { query: "10-1", count: 10 });
        expect(skus.json.items).toMatchObject([{ id: 100, str: "10-1-100 The New Answers Book 1", price: "14.99" }]);
      }));

  it("two staff creating one SKU code at once: one is created, the other refused", () =>
    spec
      .given(edna, ...book)
      .when(async (http) => {
        const [a, b] = await Promise.all([
          http.as(edna).post(SKUS, { sku: "10-1-777", product: 1, price_cents: 100 }),
          http.as(edna).post(SKUS, { sku: "10-1-777", product: 1, price_cents: 200 }),
        ]);
        return a.status === 201 ? b : a;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["sku: A SKU with this code already exists."]);
        expect(newEvents.filter((e) => e.type === "SkuCreated")).toHaveLength(1);
      }));
});
