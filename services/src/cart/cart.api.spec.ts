import { describe, expect, it } from "vitest";
import { discountStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { coverUrl } from "@shop/shared/media/images";
import { discount } from "./cart-fixtures.ts";

// The catalog as the catalog's own events leave it (its read model answers the cart's lookups).
const CATALOG: GivenEvent[] = [
  productGiven(1, { title: "Noah's Ark Book" }),
  ...skuGiven(100, "10-1-100", { productId: 1, priceCents: 1299, priceTiers: [{ minQuantity: 10, priceCents: 999 }] }),
  productGiven(2, { title: "Flood Video" }),
  ...skuGiven(200, "30-200", { productId: 2, format: "DVD", priceCents: 2000, originalPriceCents: 2500 }),
  productGiven(3, { title: "Gone Book" }),
  ...skuGiven(300, "10-1-300", { productId: 3, priceCents: 999, stock: 0 }),
  productGiven(4, { title: "Old Book" }),
  ...skuGiven(400, "10-1-400", { productId: 4, priceCents: 999, active: false }),
  ...skuGiven(900, "GeneralDonation", {
    name: "General Donation",
    priceCents: 0,
    userDefinedPrice: true,
    campaign: "ark-main",
  }),
];
const spec = apiSpec(createApp);
const at = new Date().toISOString();
const discountCreated = (code: string, extra: Partial<ReturnType<typeof discount>> = {}): GivenEvent => {
  const { id, ...terms } = discount(code, extra);
  return { streamId: discountStream(code), type: "DiscountCreated", data: { ...terms, id, createdAt: at, by: null } };
};

describe("add to cart (storefront §7)", () => {
  it("Added to Cart: the answer is the cart with the line priced", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/shop/add-to-cart/?30-200=2&x=1"))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json).toEqual({
          metadata: { success: true, message: "Added to Cart", errors: [] },
          order: { subtotal: "40.00", subtotal_cents: 4000, savings: "10.00", savings_cents: 1000, version: 0 },
          items: [
            {
              id: 1,
              sku: 200,
              sku_code: "30-200",
              title: "Flood Video",
              format: "DVD",
              quantity: 2,
              user_defined_price: false,
              price: "40.00",
              price_cents: 4000,
              original_price: "25.00",
              original_price_cents: 2500,
              saved: "10.00",
              saved_cents: 1000,
              url: "/store/sku/30-200",
              // No image uploaded: the product's generated cover (spec 26.1).
              image: coverUrl({ id: 2, title: "Flood Video", category: "videos", format: "DVD" }),
              html: expect.stringContaining('<a class="cart-item-title" href="/store/sku/30-200">Flood Video</a>'),
            },
          ],
          discounts: [],
          dropped_discounts: {},
        });
        expect(response.headers.get("set-cookie")).toMatch(/cartid=v-[\w-]{24}\.[\w-]{43}; .*HttpOnly/i);
        expect(newEvents.map((e) => [e.type, e.data])).toEqual([
          ["CartItemAdded", expect.objectContaining({ skuCode: "30-200", quantity: 2 })],
        ]);
      }));

  it("bulk tiers price the line by its quantity", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/shop/add-to-cart/?10-1-100=10"))
      .then(({ response }) =>
        expect(response.json.items[0]).toMatchObject({ price: "99.90", original_price: "12.99", saved: "30.00" }),
      ));

  it.each([
    ["a sold-out SKU", "10-1-300", "CART_ITEM_SOLD_OUT", 'Sorry, "Gone Book" (10-1-300) is sold out.'],
    ["an inactive SKU", "10-1-400", "CART_ITEM_INACTIVE", 'Sorry, "Old Book" (10-1-400) is no longer available.'],
    ["an unknown SKU", "99-NOPE", "CART_ITEM_NOT_FOUND", 'Sorry, we could not find the item "99-NOPE".'],
  ])("%s cannot be added: metadata.success false and a message naming it", (_rule, code, errorCode, message) =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get(`/api/store/shop/add-to-cart/?${code}=1&x=2`))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toEqual({
          success: false,
          code: errorCode,
          message,
          errors: [`__all__: ${message}`],
        });
        expect(newEvents).toEqual([]);
      }),
  );

  it("Donation added to cart: the donation is an item whose quantity is the amount", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/shop/add-to-cart/?GeneralDonation=25.50"))
      .then(({ response }) => {
        expect(response.json.metadata.message).toBe("Donation added to cart.");
        expect(response.json.items).toEqual([
          expect.objectContaining({
            sku_code: "GeneralDonation",
            quantity: 25.5,
            user_defined_price: true,
            price: "25.50",
          }),
        ]);
        expect(response.json.order.subtotal).toBe("25.50");
      }));

  it("spec 5: a negative quantity is refused naming the SKU, and nothing is added", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/shop/add-to-cart/?10-1-100=-5"))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toMatchObject({
          success: false,
          code: "CART_BAD_QUANTITY",
          message: 'Please enter a quantity of 0 or more for "10-1-100".',
          errors: ["10-1-100: Ensure this value is greater than or equal to 0."],
        });
        expect(newEvents).toEqual([]);
      }));

  it("spec 5: a negative donation amount is refused too; a word still counts as 0 and adds nothing", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        const word = await visitor.get("/api/store/shop/add-to-cart/?10-1-100=lots");
        expect(word.status).toBe(200);
        expect(word.json.items).toEqual([]);
        return visitor.get("/api/store/shop/add-to-cart/?GeneralDonation=-$10");
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.code).toBe("CART_BAD_QUANTITY");
        expect(newEvents).toEqual([]);
      }));

  it("/store/cart/?{sku}={qty}&add-to-cart adds, then shows the cart page", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        const page = await visitor.get("/store/cart/?30-200=1&add-to-cart");
        expect(page.status).toBe(303);
        expect(page.headers.get("location")).toBe("/store/cart/");
        return visitor.get("/api/store/shop/full-cart/?x=3");
      })
      .then(({ response }) =>
        expect(response.json.items.map((i: { sku_code: string }) => i.sku_code)).toEqual(["30-200"]),
      ));
});

describe("the full cart (storefront §3, §7)", () => {
  it("a visitor with no cart gets an empty one", () =>
    spec
      .given(...CATALOG)
      .when((http) => http.visitor().get("/api/store/shop/full-cart/?x=1"))
      .then({
        status: 200,
        body: {
          metadata: { success: true, errors: [] },
          order: { subtotal: "0.00", subtotal_cents: 0, savings: "0.00", savings_cents: 0, version: -1 },
          items: [],
          discounts: [],
          dropped_discounts: {},
        },
      }));

  it("the mini cart (?x=) lists sku_code, title, quantity and user_defined_price", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.get("/api/store/shop/add-to-cart/?10-1-100=3&GeneralDonation=20");
        return visitor.get("/api/store/shop/full-cart/?x=1700000000000");
      })
      .then(({ response }) => {
        expect(response.json.metadata.success).toBe(true);
        expect(
          response.json.items.map(({ sku_code, title, quantity, user_defined_price }: Record<string, unknown>) => ({
            sku_code,
            title,
            quantity,
            user_defined_price,
          })),
        ).toEqual([
          { sku_code: "10-1-100", title: "Noah's Ark Book", quantity: 3, user_defined_price: false },
          { sku_code: "GeneralDonation", title: "General Donation", quantity: 20, user_defined_price: true },
        ]);
      }));

  it("PUT sets quantities; 0 removes: Item removed successfully.; a donation is adjusted and removed", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.get("/api/store/shop/add-to-cart/?30-200=1&10-1-100=2&GeneralDonation=10");
        const put = (items: unknown[]) =>
          visitor.request("PUT", "/api/store/shop/full-cart/", { order: {}, discounts: [], items });
        const removed = await put([{ id: 1, sku: 200, sku_code: "30-200", quantity: "0" }]);
        expect(removed.json.metadata.message).toBe("Item removed successfully.");
        expect(removed.json.items.map((i: { sku_code: string }) => i.sku_code)).toEqual([
          "10-1-100",
          "GeneralDonation",
        ]);
        const adjusted = await put([{ sku_code: "GeneralDonation", quantity: "15" }]);
        expect(adjusted.json.metadata.message).toBe("Donation adjusted.");
        const gone = await put([{ sku_code: "GeneralDonation", quantity: 0 }]);
        expect(gone.json.metadata.message).toBe("Donation removed from cart.");
        return put([{ sku_code: "10-1-100", quantity: "3.9" }]);
      })
      .then(({ response }) => {
        expect(response.json.items).toEqual([
          expect.objectContaining({ sku_code: "10-1-100", quantity: 3, price: "38.97" }),
        ]);
        expect(response.json.order).toMatchObject({ subtotal: "38.97", version: 6 });
      }));
});

describe("cart answers are personal", () => {
  it("no cache may keep a cart answer: Cache-Control no-store, no ETag", () =>
    spec
      .given(...CATALOG)
      .when(async (http) => {
        const visitor = http.visitor();
        const answers = [
          await visitor.get("/api/store/shop/full-cart/?x=1"), // no cart yet
          await visitor.get("/api/store/shop/add-to-cart/?30-200=1"),
          await visitor.get("/api/store/shop/full-cart/"),
          await visitor.request("PUT", "/api/store/shop/full-cart/", { order: {}, discounts: [], items: [] }),
          await visitor.get('/api/store/shop/apply-discounts/?discounts=["NOPE"]'),
        ];
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(answer.headers.get("cache-control")).toBe("no-store");
          expect(answer.headers.get("etag")).toBeNull();
          expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
          // Whole, not streamed: its length stated, or compressed as a whole above 1 KB (spec 26.9).
          if (answer.headers.get("content-encoding")) expect(Buffer.byteLength(answer.text)).toBeGreaterThan(1024);
          else expect(Number(answer.headers.get("content-length"))).toBe(Buffer.byteLength(answer.text));
        }
        return answers[1];
      })
      .then(({ response }) => expect(response.json.metadata.message).toBe("Added to Cart")));
});

describe("apply-discounts (storefront §7, §8)", () => {
  it("codes are upper-cased and trimmed, empty ignored; the answer maps each code to its message", () =>
    spec
      .given(...CATALOG, discountCreated("SAVE10"), discountCreated("MEMBERS", { requiresUser: true }))
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.get("/api/store/shop/add-to-cart/?30-200=1");
        const typed = encodeURIComponent(JSON.stringify([" save10 ", "", "members", "nope"]));
        return visitor.get(`/api/store/shop/apply-discounts/?discounts=${typed}`);
      })
      .then({
        status: 200,
        body: {
          SAVE10: "Discount applied.",
          MEMBERS: "You do not meet the user requirements",
          NOPE: "Discount not found!",
        },
      }));

  it("an applied discount shows in the cart with its amount; a leading minus removes it", () =>
    spec
      .given(...CATALOG, discountCreated("SAVE10"))
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.get("/api/store/shop/add-to-cart/?30-200=1");
        await visitor.get(`/api/store/shop/apply-discounts/?discounts=${encodeURIComponent('["SAVE10"]')}`);
        const cart = await visitor.get("/api/store/shop/full-cart/");
        expect(cart.json.discounts).toEqual([
          { id: 1, code: "SAVE10", description: "SAVE10 discount", amount_saved: "2.00", amount_saved_cents: 200 },
        ]);
        expect(cart.json.order).toMatchObject({ subtotal: "18.00", savings: "7.00" });
        return visitor.get(`/api/store/shop/apply-discounts/?discounts=${encodeURIComponent('["-save10"]')}`);
      })
      .then({ status: 200, body: { SAVE10: "Discount removed." } }));

  it("a discount that stops applying when the cart changes drops out of discounts and says why", () =>
    spec
      .given(...CATALOG, discountCreated("BIG", { minSubtotalCents: 3000 }))
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.get("/api/store/shop/add-to-cart/?30-200=2");
        const applied = await visitor.get(
          `/api/store/shop/apply-discounts/?discounts=${encodeURIComponent('["BIG"]')}`,
        );
        expect(applied.json).toEqual({ BIG: "Discount applied." });
        return visitor.request("PUT", "/api/store/shop/full-cart/", { items: [{ sku_code: "30-200", quantity: 1 }] });
      })
      .then(({ response, newEvents }) => {
        expect(response.json.discounts).toEqual([]);
        expect(response.json.dropped_discounts).toEqual({ BIG: "Subtotal does not meet requirements" });
        expect(newEvents.slice(-2).map((e) => e.type)).toEqual(["CartItemQuantityChanged", "CartDiscountRemoved"]);
      }));
});
