import { describe, expect, it } from "vitest";
import { MAX_WISHLIST_ITEMS, type SkuForCart, WISHLIST_MESSAGES, type WishlistEvent } from "@shop/shared";
import { skuForCart } from "../cart/cart-fixtures.ts";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideWishlist, type WishlistCommand } from "./decide.ts";
import { wishlistDecider } from "./wishlist.ts";

const spec = deciderSpec(wishlistDecider, decideWishlist);
const t0 = new Date("2026-11-23T10:00:00.000Z");
const now = new Date("2026-11-23T11:00:00.000Z");
const at = now.toISOString();

const added = (skuCode: string, when = t0): WishlistEvent => ({
  type: "WishlistItemAdded",
  data: { skuCode, at: when.toISOString() },
});
/** Keep `skuCode`, as the catalog answers it (`null`: not in the catalog). */
const add = (skuCode: string, sku: SkuForCart | null = skuForCart(skuCode)): WishlistCommand => ({
  type: "AddToWishlist",
  data: { skuCode, sku: sku ?? undefined, now },
});
const remove = (skuCode: string): WishlistCommand => ({ type: "RemoveFromWishlist", data: { skuCode, now } });

describe("wishlist rules (storefront §2: /account/wishlist/?add={sku})", () => {
  it("Added to your wishlist: a SKU in the catalog is kept", () => {
    spec
      .given([])
      .when(add("10-1-100"))
      .then([{ type: "WishlistItemAdded", data: { skuCode: "10-1-100", at } }]);
  });

  it("This item is already in your wishlist: adding it again changes nothing", () => {
    spec
      .given([added("10-1-100")])
      .when(add("10-1-100"))
      .then([]);
  });

  it("a sold-out SKU may be kept for later", () => {
    spec
      .given([])
      .when(add("10-1-300", skuForCart("10-1-300", { stock: 0, backorder: false })))
      .then([{ type: "WishlistItemAdded", data: { skuCode: "10-1-300", at } }]);
  });

  it("a SKU removed earlier may be kept again", () => {
    spec
      .given([added("10-1-100"), { type: "WishlistItemRemoved", data: { skuCode: "10-1-100", at: t0.toISOString() } }])
      .when(add("10-1-100"))
      .then([{ type: "WishlistItemAdded", data: { skuCode: "10-1-100", at } }]);
  });

  it('Sorry, we could not find the item "X": an unknown SKU is refused', () => {
    spec.given([]).when(add("99-9-999", null)).thenThrows("WISHLIST_ITEM_NOT_FOUND");
    expect(() => decideWishlist(add("99-9-999", null), wishlistDecider.initialState())).toThrow(
      WISHLIST_MESSAGES.notFound("99-9-999"),
    );
  });

  it("Sorry, ... is no longer available: an inactive SKU is refused", () => {
    const sku = skuForCart("10-1-400", { active: false, title: "Old Book" });
    spec.given([]).when(add("10-1-400", sku)).thenThrows("WISHLIST_ITEM_INACTIVE");
    expect(() => decideWishlist(add("10-1-400", sku), wishlistDecider.initialState())).toThrow(
      'Sorry, "Old Book" (10-1-400) is no longer available.',
    );
  });

  it("Donations cannot be kept in a wishlist", () => {
    const sku = skuForCart("GeneralDonation", { userDefinedPrice: true, priceCents: 0 });
    spec.given([]).when(add("GeneralDonation", sku)).thenThrows("WISHLIST_DONATION");
  });

  it(`Your wishlist holds at most ${MAX_WISHLIST_ITEMS} items`, () => {
    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, i) => added(`10-1-${i}`));
    spec.given(full).when(add("10-2-1")).thenThrows("WISHLIST_FULL");
    spec.given(full).when(add("10-1-7")).then([]); // one already kept is still no change
  });

  it("Removed from your wishlist: a kept SKU is taken off", () => {
    spec
      .given([added("10-1-100"), added("30-200")])
      .when(remove("10-1-100"))
      .then([{ type: "WishlistItemRemoved", data: { skuCode: "10-1-100", at } }]);
  });

  it("This item is not in your wishlist: removing it changes nothing", () => {
    spec
      .given([added("30-200")])
      .when(remove("10-1-100"))
      .then([]);
  });

  it("the list holds each SKU once, latest first", () => {
    const later = new Date("2026-11-23T10:30:00.000Z");
    const state = [added("10-1-100"), added("30-200", later), added("10-1-100", now)].reduce(
      wishlistDecider.evolve,
      wishlistDecider.initialState(),
    );
    expect(state.items).toEqual([
      { skuCode: "10-1-100", addedAt: at },
      { skuCode: "30-200", addedAt: later.toISOString() },
    ]);
    expect(state.version).toBe(2);
  });
});
