import { describe, expect, it } from "vitest";
import { CheckoutCartChangedError, CheckoutInvalidStepError, cardExpired, passesLuhn } from "@shop/shared";
import { withinUseLimits } from "../orders/discount-uses.ts";
import { newCheckout, type Checkout } from "./checkout.ts";
import { checkPaymentStep, priceShipping, type CartFacts } from "./decide.ts";
import { DEMO_SHIPPING_RATES } from "./shipping-rates.ts";

const cart = (extra: Partial<CartFacts> = {}): CartFacts => ({
  empty: false,
  ships: true,
  digital: false,
  shippedItems: 1,
  goodsCents: 1299,
  freeShipping: [],
  version: 3,
  ...extra,
});
const billing = {
  first_name: "N",
  last_name: "B",
  street1: "1",
  street2: "",
  city: "C",
  state: "KY",
  postal_code: "1",
  country: "US",
  email: "n@example.org",
  org_name: "",
};
const atStep4 = (extra: Partial<Checkout> = {}): Checkout => ({
  ...newCheckout(),
  billing: { billing: { clear: billing }, userId: null },
  delivery: { delivery: { clear: { shipping: null, digitalEmail: null } }, ships: true, digital: false },
  shipping: { method: "standard", label: "Standard", cents: 599, cartVersion: 3 },
  ...extra,
});

describe("checkout rules", () => {
  it("payment before shipping was chosen is an invalid step", () =>
    expect(() => checkPaymentStep(atStep4({ shipping: null }), cart())).toThrow(CheckoutInvalidStepError));
  it("a cart changed since shipping was chosen goes back to step 3", () =>
    expect(() => checkPaymentStep(atStep4(), cart({ version: 4 }))).toThrow(new CheckoutCartChangedError(3)));
  it("a cart that now ships when delivery said it did not goes back to step 2", () => {
    const checkout = atStep4({
      delivery: { delivery: { clear: { shipping: null, digitalEmail: "n@example.org" } }, ships: false, digital: true },
    });
    expect(() => checkPaymentStep(checkout, cart())).toThrow(expect.objectContaining({ step: 2 }));
  });
  it("a placed checkout takes no further step until billing starts the next one", () =>
    expect(() => checkPaymentStep(atStep4({ placed: "100001" }), cart())).toThrow(CheckoutInvalidStepError));
  it("shipping is the base price plus each further item, free from the method's threshold", () => {
    const [standard, twoDay] = priceShipping(DEMO_SHIPPING_RATES, cart({ shippedItems: 3 }));
    expect([standard.cents, twoDay.cents]).toEqual([599 + 200, 1499 + 400]);
    expect(priceShipping(DEMO_SHIPPING_RATES, cart({ goodsCents: 7500 }))[0].cents).toBe(0);
  });
  it("a free-shipping discount makes every method free", () =>
    expect(priceShipping(DEMO_SHIPPING_RATES, cart({ freeShipping: "all" })).map((m) => m.cents)).toEqual([0, 0, 0]));
});

describe("card rules", () => {
  it.each([
    ["4242424242424242", true],
    ["4000000000000002", true],
    ["4242424242424241", false],
    ["378282246310005", true],
    ["12345", false],
  ])("Luhn: %s is %s", (number, ok) => expect(passesLuhn(number)).toBe(ok));
  it("a card is good through the end of its month", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(cardExpired(11, 2026, now)).toBe(false);
    expect(cardExpired(10, 2026, now)).toBe(true);
    expect(cardExpired(1, 27, now)).toBe(false);
  });
});

describe("discount use limits", () => {
  const claims = new Map([
    ["a", "email:x"],
    ["b", "email:y"],
  ]);
  it("a code used maxUses times takes no more", () =>
    expect(withinUseLimits(claims, "email:z", { maxUses: 2, maxUsesPerCustomer: null })).toBe(false));
  it("a customer at their limit takes no more; another may", () => {
    expect(withinUseLimits(claims, "email:x", { maxUses: null, maxUsesPerCustomer: 1 })).toBe(false);
    expect(withinUseLimits(claims, "email:z", { maxUses: null, maxUsesPerCustomer: 1 })).toBe(true);
  });
});
