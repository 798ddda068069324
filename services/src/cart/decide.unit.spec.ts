import { describe, expect, it } from "vitest";
import type { CartEvent } from "@shop/shared";
import { cartDecider } from "./cart.ts";
import { discount, skuForCart } from "./cart-fixtures.ts";
import {
  decideCart,
  decideDiscountCodes,
  decideMerge,
  MAX_LINE_QUANTITY,
  type CartCommand,
  type CartContext,
} from "./decide.ts";
import { linePrice } from "./pricing.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const at = now.toISOString();
const BOOK = "10-1-100";
const VIDEO = "30-200";
const GIFT = "GeneralDonation";
const skus = new Map([
  [
    BOOK,
    skuForCart(BOOK, {
      priceTiers: [
        { minQuantity: 10, priceCents: 999 },
        { minQuantity: 50, priceCents: 899 },
      ],
    }),
  ],
  [VIDEO, skuForCart(VIDEO, { title: "Flood Video", priceCents: 2000, originalPriceCents: 2500 })],
  ["SOLD-1", skuForCart("SOLD-1", { title: "Gone Book", stock: 0 })],
  ["BACK-1", skuForCart("BACK-1", { title: "Later Book", stock: 0, backorder: true })],
  ["OLD-1", skuForCart("OLD-1", { title: "Old Book", active: false })],
  [GIFT, skuForCart(GIFT, { title: "General Donation", userDefinedPrice: true, stock: null, priceCents: 0 })],
]);
const context: CartContext = {
  skus,
  discounts: new Map([["BIG", discount("BIG", { minSubtotalCents: 5000 })]]),
  shopper: { signedIn: false, groups: [] },
  now,
};

const given = (events: CartEvent[]) => events.reduce(cartDecider.evolve, cartDecider.initialState());
const add = (skuCode: string, quantity: string | number): CartCommand => ({
  type: "AddToCart",
  data: { items: [{ skuCode, quantity }] },
});
const update = (skuCode: string, quantity: string | number): CartCommand => ({
  type: "UpdateCart",
  data: { items: [{ skuCode, quantity }] },
});
const added = (lineId: number, skuCode: string, quantity: number): CartEvent => ({
  type: "CartItemAdded",
  data: { lineId, skuCode, quantity, at },
});

describe("cart rules (storefront §5 Cart, §8 messages)", () => {
  it("adding an item makes a line", () => {
    expect(decideCart(add(BOOK, "2"), given([]), context)).toEqual([added(1, BOOK, 2)]);
  });

  it("adding again puts the quantity on top of the line", () => {
    const state = given([added(1, BOOK, 2)]);
    expect(decideCart(add(BOOK, 3), state, context)).toEqual([added(1, BOOK, 3)]);
    expect(cartDecider.evolve(state, added(1, BOOK, 3)).lines).toEqual([{ lineId: 1, skuCode: BOOK, quantity: 5 }]);
  });

  it("quantity is parsed as an integer ('2.7' is 2, 'abc' is 0)", () => {
    expect(decideCart(add(BOOK, " 2.7 "), given([]), context)).toEqual([added(1, BOOK, 2)]);
    expect(decideCart(add(BOOK, "abc"), given([]), context)).toEqual([]);
  });

  it("a quantity of 0 removes the item", () => {
    expect(decideCart(update(BOOK, "0"), given([added(1, BOOK, 2)]), context)).toEqual([
      { type: "CartItemRemoved", data: { lineId: 1, skuCode: BOOK, at } },
    ]);
  });

  it("updating sets the line's quantity", () => {
    expect(decideCart(update(BOOK, 7), given([added(1, BOOK, 2)]), context)).toEqual([
      { type: "CartItemQuantityChanged", data: { lineId: 1, skuCode: BOOK, quantity: 7, at } },
    ]);
  });

  it("a sold-out SKU (stock 0, no backorder) cannot be added, and the message names it", () => {
    expect(() => decideCart(add("SOLD-1", 1), given([]), context)).toThrow(
      expect.objectContaining({ code: "CART_ITEM_SOLD_OUT", message: 'Sorry, "Gone Book" (SOLD-1) is sold out.' }),
    );
  });

  it("a backordered SKU with no stock can be added", () => {
    expect(decideCart(add("BACK-1", 1), given([]), context)).toEqual([added(1, "BACK-1", 1)]);
  });

  it("an inactive SKU cannot be added, and the message names it", () => {
    expect(() => decideCart(add("OLD-1", 1), given([]), context)).toThrow(
      expect.objectContaining({
        code: "CART_ITEM_INACTIVE",
        message: 'Sorry, "Old Book" (OLD-1) is no longer available.',
      }),
    );
  });

  it("an unknown SKU cannot be added, and the message names it", () => {
    expect(() => decideCart(add("NOPE-9", 1), given([]), context)).toThrow(
      expect.objectContaining({ code: "CART_ITEM_NOT_FOUND", message: 'Sorry, we could not find the item "NOPE-9".' }),
    );
  });

  it("a refused item refuses the whole request: nothing is written", () => {
    const command: CartCommand = {
      type: "AddToCart",
      data: {
        items: [
          { skuCode: BOOK, quantity: 1 },
          { skuCode: "SOLD-1", quantity: 1 },
        ],
      },
    };
    expect(() => decideCart(command, given([]), context)).toThrow(
      expect.objectContaining({ code: "CART_ITEM_SOLD_OUT" }),
    );
  });

  it("an item that became sold out can still be removed", () => {
    expect(decideCart(update("SOLD-1", 0), given([added(1, "SOLD-1", 1)]), context)).toEqual([
      { type: "CartItemRemoved", data: { lineId: 1, skuCode: "SOLD-1", at } },
    ]);
  });

  it("a donation's quantity is its amount: Donation added to cart, then adjusted, then removed", () => {
    const donated: CartEvent = { type: "CartDonationAdded", data: { lineId: 1, skuCode: GIFT, amountCents: 2550, at } };
    expect(decideCart(add(GIFT, "25.50"), given([]), context)).toEqual([donated]);
    expect(decideCart(update(GIFT, "$40"), given([donated]), context)).toEqual([
      { type: "CartDonationAdjusted", data: { lineId: 1, skuCode: GIFT, amountCents: 4000, at } },
    ]);
    expect(decideCart(update(GIFT, "0"), given([donated]), context)).toEqual([
      { type: "CartDonationRemoved", data: { lineId: 1, skuCode: GIFT, at } },
    ]);
  });

  it("a discount that stops applying when the cart changes drops out and says why", () => {
    const state = given([added(1, BOOK, 5), { type: "CartDiscountApplied", data: { code: "BIG", at } }]);
    expect(decideCart(update(BOOK, 2), state, context)).toEqual([
      { type: "CartItemQuantityChanged", data: { lineId: 1, skuCode: BOOK, quantity: 2, at } },
      { type: "CartDiscountRemoved", data: { code: "BIG", reason: "Subtotal does not meet requirements", at } },
    ]);
  });
});

describe("bulk tiers price the line by its quantity", () => {
  it.each([
    [9, 1299, 0],
    [10, 999, 3000],
    [50, 899, 20000],
  ])("%i items cost %i each", (quantity, unitCents, savedCents) => {
    const price = linePrice(skus.get(BOOK)!, quantity);
    expect(price).toEqual({ unitCents, totalCents: unitCents * quantity, originalEachCents: 1299, savedCents });
  });

  it("an original price above the price shows as the saving", () => {
    expect(linePrice(skus.get(VIDEO)!, 2)).toEqual({
      unitCents: 2000,
      totalCents: 4000,
      originalEachCents: 2500,
      savedCents: 1000,
    });
  });
});

describe("apply-discounts codes", () => {
  const withBooks = given([added(1, BOOK, 5)]);
  it("codes are upper-cased and trimmed, empty ones ignored, and each answered", () => {
    const { events, answers } = decideDiscountCodes([" big ", "", "  ", "NOPE"], withBooks, context);
    expect(answers).toEqual({ BIG: "Discount applied.", NOPE: "Discount not found!" });
    expect(events).toEqual([{ type: "CartDiscountApplied", data: { code: "BIG", at } }]);
  });

  it("a leading minus removes a code", () => {
    const state = cartDecider.evolve(withBooks, { type: "CartDiscountApplied", data: { code: "BIG", at } });
    expect(decideDiscountCodes(["-big"], state, context)).toEqual({
      events: [{ type: "CartDiscountRemoved", data: { code: "BIG", reason: null, at } }],
      answers: { BIG: "Discount removed." },
    });
  });

  it("a code that does not apply is answered with the rule's message and not added", () => {
    expect(decideDiscountCodes(["BIG"], given([added(1, BOOK, 1)]), context)).toEqual({
      events: [],
      answers: { BIG: "Subtotal does not meet requirements" },
    });
  });
});

describe("merging a visitor's cart at login", () => {
  it("the visitor's lines, donations and codes go into the account's cart, which sums the quantities", () => {
    const visitor = given([
      added(1, BOOK, 2),
      { type: "CartDonationAdded", data: { lineId: 2, skuCode: GIFT, amountCents: 500, at } },
    ]);
    const before = given([added(1, BOOK, 1), added(2, VIDEO, 1)]);
    const { into, away } = decideMerge(visitor, before, "v1", "user-u1", now);
    const account = [...into].reduce(cartDecider.evolve, before);
    expect(account.lines).toEqual([
      { lineId: 1, skuCode: BOOK, quantity: 3 },
      { lineId: 2, skuCode: VIDEO, quantity: 1 },
    ]);
    expect(account.donations).toEqual([{ lineId: 3, skuCode: GIFT, amountCents: 500 }]);
    expect(away.reduce(cartDecider.evolve, visitor).lines).toEqual([]);
  });

  it("an empty visitor cart merges nothing", () => {
    expect(decideMerge(given([]), given([added(1, BOOK, 1)]), "v1", "user-u1", now)).toEqual({ into: [], away: [] });
  });

  it(`security 18: a merge takes only what fits under ${MAX_LINE_QUANTITY} of one item beside the account's line`, () => {
    const visitor = given([added(1, BOOK, 99_999), added(2, VIDEO, 5)]);
    const account = given([added(1, BOOK, 60_000), added(2, VIDEO, 99_999)]);
    const { into } = decideMerge(visitor, account, "v-1", "user-u1", now);
    expect(into).toEqual([
      {
        type: "CartMergedIn",
        data: { fromCart: "v-1", items: [{ skuCode: BOOK, quantity: 39_999 }], donations: [], codes: [], at },
      },
    ]);
    expect(into.reduce(cartDecider.evolve, account).lines.map((l) => l.quantity)).toEqual([99_999, 99_999]);
  });

  it("security 18: three merges of a full line leave the line at the limit, not 299,997", () => {
    let account = given([]);
    for (let i = 1; i <= 3; i++) {
      const visitor = given([added(1, BOOK, MAX_LINE_QUANTITY)]);
      account = decideMerge(visitor, account, `v-${i}`, "user-u1", now).into.reduce(cartDecider.evolve, account);
    }
    expect(account.lines).toEqual([{ lineId: 1, skuCode: BOOK, quantity: MAX_LINE_QUANTITY }]);
  });

  it("security 18: a merge decided on an account cart that grew meanwhile still folds to the limit", () => {
    // Both merges decided on the empty account cart (two logins at once), both appended.
    const stale = given([]);
    const first = decideMerge(given([added(1, BOOK, 90_000)]), stale, "v-1", "user-u1", now).into;
    const second = decideMerge(given([added(1, BOOK, 90_000)]), stale, "v-2", "user-u1", now).into;
    expect([...first, ...second].reduce(cartDecider.evolve, stale).lines).toEqual([
      { lineId: 1, skuCode: BOOK, quantity: MAX_LINE_QUANTITY },
    ]);
  });
});
