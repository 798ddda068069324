import { describe, expect, it } from "vitest";
import { freeShippingOf, type Discount } from "@shop/shared";
import { discount } from "../cart/cart-fixtures.ts";
import { priceShipping, type CartFacts } from "./decide.ts";
import { DEMO_SHIPPING_RATES } from "./shipping-rates.ts";

const cart = (freeShipping: CartFacts["freeShipping"], extra: Partial<CartFacts> = {}): CartFacts => ({
  empty: false,
  ships: true,
  digital: false,
  shippedItems: 2,
  goodsCents: 2000,
  freeShipping,
  version: 1,
  ...extra,
});
const freeOn = (code: string, methods: string[], extra: Partial<Discount> = {}) => ({
  discount: discount(code, { percentOff: null, freeShipping: true, freeShippingMethods: methods, ...extra }),
});
const tenOff = { discount: discount("SAVE10") };

describe("which methods the applied discounts make free", () => {
  it.each<[string, Array<{ discount: Discount }>, "all" | string[]]>([
    ["no discount: none", [], []],
    ["a discount without free shipping: none", [tenOff], []],
    ["free shipping naming no method: every method", [tenOff, freeOn("SHIP", [])], "all"],
    ["free shipping naming methods: those", [freeOn("SHIP", ["standard"])], ["standard"]],
    [
      "two naming methods: both lists",
      [freeOn("A", ["standard"]), freeOn("B", ["two_day", "standard"])],
      ["standard", "two_day"],
    ],
    ["one naming methods and one naming none: every method", [freeOn("A", ["standard"]), freeOn("B", [])], "all"],
  ])("%s", (_rule, applied, expected) => expect(freeShippingOf(applied)).toEqual(expected));
});

describe("shipping priced with a free-shipping discount", () => {
  const cents = (facts: CartFacts) => priceShipping(DEMO_SHIPPING_RATES, facts).map((m) => [m.code, m.cents]);
  it.each<[string, CartFacts, Array<[string, number]>]>([
    [
      "no discount: base plus each further item",
      cart([]),
      [
        ["standard", 699],
        ["two_day", 1699],
        ["overnight", 3299],
      ],
    ],
    [
      "free on every method: all at $0.00",
      cart("all"),
      [
        ["standard", 0],
        ["two_day", 0],
        ["overnight", 0],
      ],
    ],
    [
      "free on standard only: the others keep their price",
      cart(["standard"]),
      [
        ["standard", 0],
        ["two_day", 1699],
        ["overnight", 3299],
      ],
    ],
    [
      "a code the table does not have makes nothing free",
      cart(["ground"]),
      [
        ["standard", 699],
        ["two_day", 1699],
        ["overnight", 3299],
      ],
    ],
  ])("%s", (_rule, facts, expected) => expect(cents(facts)).toEqual(expected));
});
