import { describe, expect, it } from "vitest";
import { FREE_DOWNLOAD_FORMAT, MAGAZINE_MESSAGES } from "@shop/shared/category-pages/free-downloads";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";

// Storefront §2 store category pages and §4 "Magazine subscription", over HTTP.
const free = (id: number, code: string, name: string, stock: number | null = null) =>
  skuGiven(id, code, { name, format: FREE_DOWNLOAD_FORMAT, priceCents: 0, digital: true, stock });
const CATALOG: GivenEvent[] = [
  productGiven(11, { title: "Answers Magazine Subscription" }),
  ...skuGiven(121, "95-1-101", { productId: 11, format: "1 Year", priceCents: 2400 }),
  ...skuGiven(122, "95-1-102", { productId: 11, format: "2 Years", priceCents: 4400 }),
  ...skuGiven(123, "95-1-103", { productId: 11, format: "3 Years", priceCents: 6000 }),
  ...free(163, "95-9-101", "Dinosaurs and the Bible"),
  ...free(164, "95-9-102", "The Six Days of Creation"),
  ...free(165, "95-9-103", "Noah's Flood"),
  ...free(166, "95-9-104", "The Ice Age"),
  ...free(168, "95-9-106", "Distant Starlight", 0),
  productGiven(7, { title: "Creation Museum Walk-Through" }),
  ...skuGiven(115, "90-2-301", { productId: 7, format: "Video Download", priceCents: 1499, digital: true }),
  ...skuGiven(170, "16-2-101", { name: "Activity Sheets", format: "Supply", priceCents: 499 }),
  ...skuGiven(171, "16-2-102", { name: "alphabet Wall Cards", format: "Supply", priceCents: 1299 }),
  ...skuGiven(174, "16-2-105", { name: "Crayons", format: "Supply", priceCents: 349 }),
  ...skuGiven(178, "16-2-109", { name: "Stencils", format: "Supply", priceCents: 699, stock: 0 }),
  ...skuGiven(179, "16-2-110", { name: "Old Poster", format: "Supply", priceCents: 99, active: false }),
];
const spec = apiSpec(createApp);
const codes = (items: { sku_code: string }[]) => items.map((i) => i.sku_code);
const refused = (code: string, message: string) => ({
  success: false,
  code,
  message,
  errors: [`__all__: ${message}`],
});

describe("the magazine subscription page (storefront §4)", () => {
  it("the page lists the terms of 1 to 3 years, each with its free download count, and the free videos", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/magazine/"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.metadata).toEqual({ success: true });
        expect(
          response.json.terms.map((t: Record<string, unknown>) => [t.sku, t.years, t.free_downloads, t.price]),
        ).toEqual([
          ["95-1-101", 1, 1, "24.00"],
          ["95-1-102", 2, 2, "44.00"],
          ["95-1-103", 3, 3, "60.00"],
        ]);
        expect(
          response.json.free_downloads.map((f: Record<string, unknown>) => [f.sku, f.name, f.price, f.is_sold_out]),
        ).toEqual([
          ["95-9-101", "Dinosaurs and the Bible", "0.00", false],
          ["95-9-106", "Distant Starlight", "0.00", true],
          ["95-9-103", "Noah's Flood", "0.00", false],
          ["95-9-104", "The Ice Age", "0.00", false],
          ["95-9-102", "The Six Days of Creation", "0.00", false],
        ]);
      }));

  it("adding to the cart puts the subscription and the ticked free downloads in", () =>
    spec
      .given(...CATALOG)
      .when((http) =>
        http.visitor().request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "95-1-102",
          free_downloads: ["95-9-101", "95-9-104"],
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json.metadata).toEqual({ success: true, message: "Added to Cart", errors: [] });
        expect(codes(response.json.items)).toEqual(["95-1-102", "95-9-101", "95-9-104"]);
        expect(response.json.order).toMatchObject({ subtotal: "44.00", subtotal_cents: 4400 });
        expect(newEvents.map((e) => [e.type, (e.data as { skuCode: string }).skuCode])).toEqual([
          ["CartItemAdded", "95-1-102"],
          ["CartItemAdded", "95-9-101"],
          ["CartItemAdded", "95-9-104"],
        ]);
      }));

  it("more free downloads than the term allows are refused, and nothing is appended", () =>
    spec
      .given(...CATALOG)
      .when((http) =>
        http.visitor().request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "95-1-101",
          free_downloads: ["95-9-101", "95-9-102", "95-9-103", "95-9-104"],
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toEqual(
          refused("CART_FREE_DOWNLOADS_OVER", "Your magazine subscription includes 1 free video download."),
        );
        expect(newEvents).toEqual([]);
      }));

  it("a download not in the free set is refused by name", () =>
    spec
      .given(...CATALOG)
      .when((http) =>
        http.visitor().request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "95-1-103",
          free_downloads: ["95-9-101", "90-2-301"],
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toEqual(
          refused("CART_NOT_A_FREE_DOWNLOAD", MAGAZINE_MESSAGES.notFree("Creation Museum Walk-Through", "90-2-301")),
        );
        expect(newEvents).toEqual([]);
      }));

  it("a term must be a magazine subscription", () =>
    spec
      .given(...CATALOG)
      .when((http) =>
        http.visitor().request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "90-2-301",
          free_downloads: [],
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toEqual(
          refused("CART_NOT_A_SUBSCRIPTION", "Please choose a 1, 2 or 3 year subscription."),
        );
        expect(newEvents).toEqual([]);
      }));

  it("a sold-out free download is refused", () =>
    spec
      .given(...CATALOG)
      .when((http) =>
        http.visitor().request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "95-1-101",
          free_downloads: ["95-9-106"],
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.json.metadata).toMatchObject({ success: false, code: "CART_ITEM_SOLD_OUT" });
        expect(newEvents).toEqual([]);
      }));
});

describe("the cart keeps the magazine's rule (storefront §4)", () => {
  it("free downloads without a subscription are refused by add-to-cart", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/shop/add-to-cart/?95-9-101=1"))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toEqual(
          refused(
            "CART_FREE_DOWNLOADS_NO_SUBSCRIPTION",
            "Free video downloads come with a magazine subscription. Please choose 1, 2 or 3 years first.",
          ),
        );
        expect(newEvents).toEqual([]);
      }));

  it("a free download added later beyond the term is refused, and the cart stays as it was", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "95-1-101",
          free_downloads: ["95-9-101"],
        });
        const more = await visitor.get("/api/store/shop/add-to-cart/?95-9-102=1");
        expect(more.json.metadata).toMatchObject({ success: false, code: "CART_FREE_DOWNLOADS_OVER" });
        return visitor.get("/api/store/shop/full-cart/");
      })
      .then(({ response }) => expect(codes(response.json.items)).toEqual(["95-1-101", "95-9-101"])));

  it("removing the subscription in the cart removes its free downloads", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "95-1-102",
          free_downloads: ["95-9-101", "95-9-102"],
        });
        await visitor.get("/api/store/shop/add-to-cart/?16-2-105=2");
        return visitor.request("PUT", "/api/store/shop/full-cart/", { items: [{ sku_code: "95-1-102", quantity: 0 }] });
      })
      .then(({ response }) => {
        expect(response.json.metadata).toMatchObject({ success: true, message: "Item removed successfully." });
        expect(codes(response.json.items)).toEqual(["16-2-105"]);
      }));

  it("changing to a shorter term keeps the downloads it allows and clears the latest added", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.request("POST", "/api/store/magazine/add-to-cart/", {
          subscription: "95-1-103",
          free_downloads: ["95-9-101", "95-9-102", "95-9-103"],
        });
        return visitor.request("PUT", "/api/store/shop/full-cart/", {
          items: [
            { sku_code: "95-1-103", quantity: 0 },
            { sku_code: "95-1-101", quantity: 1 },
          ],
        });
      })
      .then(({ response }) => {
        expect(response.json.metadata.success).toBe(true);
        expect(codes(response.json.items)).toEqual(["95-9-101", "95-1-101"]);
      }));
});

describe("the alphabet-order supplies page (storefront §2)", () => {
  it("the active supplies come in alphabet order, a row per first letter, sold out marked", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/alphabet-order/"))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.metadata).toEqual({ success: true });
        expect(
          response.json.rows.map((r: { letter: string; items: Record<string, unknown>[] }) => [
            r.letter,
            r.items.map((i) => [i.name, i.price, i.is_sold_out]),
          ]),
        ).toEqual([
          [
            "A",
            [
              ["Activity Sheets", "4.99", false],
              ["alphabet Wall Cards", "12.99", false],
            ],
          ],
          ["C", [["Crayons", "3.49", false]]],
          ["S", [["Stencils", "6.99", true]]],
        ]);
      }));
});
