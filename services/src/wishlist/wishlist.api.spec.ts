import { describe, expect, it } from "vitest";
import { LOGIN_REQUIRED, wishlistStream } from "@shop/shared";
import { coverUrl } from "@shop/shared/media/images";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";

const CATALOG: GivenEvent[] = [
  productGiven(1, { title: "Noah's Ark Book" }),
  ...skuGiven(100, "10-1-100", { productId: 1, format: "Paperback", priceCents: 1299, originalPriceCents: 1499 }),
  productGiven(2, { title: "Flood Video" }),
  ...skuGiven(200, "30-200", { productId: 2, format: "DVD", priceCents: 2000 }),
  productGiven(3, { title: "Gone Book" }),
  ...skuGiven(300, "10-1-300", { productId: 3, priceCents: 999, stock: 0 }),
  productGiven(4, { title: "Old Book" }),
  ...skuGiven(400, "10-1-400", { productId: 4, priceCents: 999, active: false }),
  ...skuGiven(900, "GeneralDonation", { name: "General Donation", priceCents: 0, userDefinedPrice: true }),
];
const spec = apiSpec(createApp);
const shopper = signedInUser("sam@example.com", "Sam Shopper", { isStaff: false });
const kept = (skuCode: string, at = "2026-11-23T10:00:00.000Z"): GivenEvent => ({
  streamId: wishlistStream(shopper.id),
  type: "WishlistItemAdded",
  data: { skuCode, at },
});

describe("the wishlist over HTTP (/api/account/wishlist/)", () => {
  it("Added to your wishlist: the answer is the list with the SKU's title and price", () =>
    spec
      .given(...CATALOG, shopper)
      .when((http) => http.as(shopper).post("/api/account/wishlist/", { sku_code: "10-1-100" }))
      .then(
        {
          status: 200,
          body: {
            metadata: { success: true, message: "Added to your wishlist.", errors: [] },
            version: 0,
            items: [
              {
                sku: 100,
                sku_code: "10-1-100",
                title: "Noah's Ark Book",
                format: "Paperback",
                price: "12.99",
                price_cents: 1299,
                original_price: "14.99",
                original_price_cents: 1499,
                url: "/store/sku/10-1-100",
                // No image uploaded: the product's generated cover (spec 26.1).
                image: coverUrl({ id: 1, title: "Noah's Ark Book", category: "books", format: "Paperback" }),
                available: true,
                is_sold_out: false,
                is_backordered: false,
                added_at: expect.any(String),
              },
            ],
          },
        },
        [{ streamId: wishlistStream(shopper.id), type: "WishlistItemAdded", data: { skuCode: "10-1-100" } }],
      ));

  it("a write is read back at once: GET lists what POST kept, latest first", () =>
    spec
      .given(...CATALOG, shopper, kept("30-200"))
      .when(async (http) => {
        await http.as(shopper).post("/api/account/wishlist/", { sku_code: "10-1-300" });
        return http.as(shopper).get("/api/account/wishlist/");
      })
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(
          response.json.items.map((i: { sku_code: string; is_sold_out: boolean }) => [i.sku_code, i.is_sold_out]),
        ).toEqual([
          ["10-1-300", true],
          ["30-200", false],
        ]);
      }));

  it("This item is already in your wishlist: adding again appends nothing", () =>
    spec
      .given(...CATALOG, shopper, kept("10-1-100"))
      .when((http) => http.as(shopper).post("/api/account/wishlist/", { sku_code: "10-1-100" }))
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.message).toBe("This item is already in your wishlist.");
        expect(response.json.items).toHaveLength(1);
        expect(newEvents).toEqual([]);
      }));

  it.each([
    ["an unknown SKU", "99-9-999", "WISHLIST_ITEM_NOT_FOUND", 'Sorry, we could not find the item "99-9-999".'],
    ["an inactive SKU", "10-1-400", "WISHLIST_ITEM_INACTIVE", 'Sorry, "Old Book" (10-1-400) is no longer available.'],
    [
      "a donation SKU",
      "GeneralDonation",
      "WISHLIST_DONATION",
      "Donations cannot be kept in a wishlist. Please give on the donate page.",
    ],
  ])("%s is refused with its message, and nothing is written", (_case, code, errorCode, message) =>
    spec
      .given(...CATALOG, shopper)
      .when((http) => http.as(shopper).post("/api/account/wishlist/", { sku_code: code }))
      .then(
        {
          status: 400,
          body: { metadata: { success: false, code: errorCode, message, errors: [`__all__: ${message}`] } },
        },
        [],
      ),
  );

  it("Removed from your wishlist: DELETE takes the SKU off", () =>
    spec
      .given(...CATALOG, shopper, kept("10-1-100"), kept("30-200"))
      .when((http) => http.as(shopper).request("DELETE", "/api/account/wishlist/10-1-100/"))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json.metadata.message).toBe("Removed from your wishlist.");
        expect(response.json.items.map((i: { sku_code: string }) => i.sku_code)).toEqual(["30-200"]);
        expect(newEvents).toMatchObject([{ type: "WishlistItemRemoved", data: { skuCode: "10-1-100" } }]);
      }));

  it("This item is not in your wishlist: removing it again appends nothing", () =>
    spec
      .given(...CATALOG, shopper)
      .when((http) => http.as(shopper).request("DELETE", "/api/account/wishlist/10-1-100/"))
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.message).toBe("This item is not in your wishlist.");
        expect(newEvents).toEqual([]);
      }));

  it("a SKU made inactive after it was kept stays listed, unavailable", () =>
    spec
      .given(...CATALOG, shopper, kept("10-1-400"))
      .when((http) => http.as(shopper).get("/api/account/wishlist/"))
      .then(({ response }) =>
        expect(response.json.items).toMatchObject([{ sku_code: "10-1-400", title: "Old Book", available: false }]),
      ));

  it("each shopper sees only their own wishlist", () => {
    const other = signedInUser("ann@example.com", "Ann Other", { isStaff: false });
    return spec
      .given(...CATALOG, shopper, other, kept("10-1-100"))
      .when((http) => http.as(other).get("/api/account/wishlist/"))
      .then({ status: 200, body: { metadata: { success: true, errors: [] }, version: -1, items: [] } });
  });

  it.each([
    ["GET", "/api/account/wishlist/"],
    ["POST", "/api/account/wishlist/"],
    ["DELETE", "/api/account/wishlist/10-1-100/"],
  ])("a visitor who is not signed in gets 401 on %s", (method, path) =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().request(method, path, method === "POST" ? { sku_code: "10-1-100" } : undefined))
      .then(
        {
          status: 401,
          body: {
            metadata: {
              success: false,
              code: "LOGIN_REQUIRED",
              message: LOGIN_REQUIRED,
              errors: [`__all__: ${LOGIN_REQUIRED}`],
            },
          },
        },
        [],
      ),
  );

  it("a request without a sku_code answers 400 and writes nothing", () =>
    spec
      .given(...CATALOG, shopper)
      .when((http) => http.as(shopper).post("/api/account/wishlist/", {}))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors[0]).toMatch(/^sku_code: /);
        expect(newEvents).toEqual([]);
      }));
});
