import { describe, expect, it } from "vitest";
import { CartRefusedError, type CartEvent } from "@shop/shared";
import { FREE_DOWNLOAD_FORMAT, MAGAZINE_MESSAGES } from "@shop/shared/category-pages/free-downloads";
import { cartDecider } from "./cart.ts";
import { skuForCart } from "./cart-fixtures.ts";
import { decideCart, type CartCommand, type CartContext } from "./decide.ts";

// Storefront §4 "Magazine subscription" as the cart enforces it (rules in shared/src/magazine).
const now = new Date("2026-11-23T12:00:00.000Z");
const at = now.toISOString();
const ONE = "95-1-101";
const THREE = "95-1-103";
const [A, B, C, D] = ["95-9-101", "95-9-102", "95-9-103", "95-9-104"];
const free = (code: string) => skuForCart(code, { format: FREE_DOWNLOAD_FORMAT, priceCents: 0, stock: null });
const context: CartContext = {
  skus: new Map([
    [ONE, skuForCart(ONE, { format: "1 Year", priceCents: 2400, stock: null })],
    [THREE, skuForCart(THREE, { format: "3 Years", priceCents: 6000, stock: null })],
    [A, free(A)],
    [B, free(B)],
    [C, free(C)],
    [D, free(D)],
    ["10-1-201", skuForCart("10-1-201")],
  ]),
  discounts: new Map(),
  shopper: { signedIn: false, groups: [] },
  now,
};
const given = (events: CartEvent[]) => events.reduce(cartDecider.evolve, cartDecider.initialState());
const add = (...codes: string[]): CartCommand => ({
  type: "AddToCart",
  data: { items: codes.map((skuCode) => ({ skuCode, quantity: 1 })) },
});
const update = (skuCode: string, quantity: number): CartCommand => ({
  type: "UpdateCart",
  data: { items: [{ skuCode, quantity }] },
});
const added = (lineId: number, skuCode: string, quantity = 1): CartEvent => ({
  type: "CartItemAdded",
  data: { lineId, skuCode, quantity, at },
});
const removed = (lineId: number, skuCode: string): CartEvent => ({
  type: "CartItemRemoved",
  data: { lineId, skuCode, at },
});
const refusal = (command: CartCommand, events: CartEvent[]) => {
  try {
    decideCart(command, given(events), context);
  } catch (error) {
    if (error instanceof CartRefusedError) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
};

describe("magazine subscription in the cart (storefront §4)", () => {
  it("a subscription and as many free downloads as its term allows go in together", () => {
    expect(decideCart(add(THREE, A, B, C), given([]), context)).toEqual([
      added(1, THREE),
      added(2, A),
      added(3, B),
      added(4, C),
    ]);
  });

  it("more free downloads than the term allows are refused, and nothing is appended", () => {
    expect(refusal(add(ONE, A, B, C, D), [])).toEqual({
      code: "CART_FREE_DOWNLOADS_OVER",
      message: MAGAZINE_MESSAGES.tooMany(1),
    });
  });

  it("a free download added later still counts against the term", () => {
    expect(refusal(add(B), [added(1, ONE), added(2, A)])).toMatchObject({ code: "CART_FREE_DOWNLOADS_OVER" });
  });

  it("free downloads without a subscription are refused", () => {
    expect(refusal(add("10-1-201", A), [])).toEqual({
      code: "CART_FREE_DOWNLOADS_NO_SUBSCRIPTION",
      message: MAGAZINE_MESSAGES.noSubscription,
    });
  });

  it("removing the subscription removes its free downloads too", () => {
    const state = [added(1, THREE), added(2, A), added(3, B)];
    expect(decideCart(update(THREE, 0), given(state), context)).toEqual([
      removed(1, THREE),
      removed(3, B),
      removed(2, A),
    ]);
  });

  it("changing to a shorter term clears the surplus downloads, the latest added first", () => {
    const state = [added(1, THREE), added(2, A), added(3, B), added(4, C)];
    const events = decideCart(
      {
        type: "UpdateCart",
        data: {
          items: [
            { skuCode: THREE, quantity: 0 },
            { skuCode: ONE, quantity: 1 },
          ],
        },
      },
      given(state),
      context,
    );
    expect(events).toEqual([removed(1, THREE), added(5, ONE), removed(4, C), removed(3, B)]);
  });

  it("removing a free download is always allowed", () => {
    expect(decideCart(update(A, 0), given([added(1, ONE), added(2, A)]), context)).toEqual([removed(2, A)]);
  });
});
