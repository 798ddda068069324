import { describe, expect, it } from "vitest";
import { createEventRegistry } from "../event-registry.ts";
import { BILLING } from "./checkout-fixtures.ts";

const registry = createEventRegistry();
const at = "2026-01-01T00:00:00.000Z";
const { email: _, org_name: __, ...address } = BILLING;

describe("checkout and order events written in clear before sealing still read (upcast, nothing rewritten)", () => {
  it("CheckoutBillingGiven version 1 reads with its billing in clear", () =>
    expect(registry.decode("CheckoutBillingGiven", 1, { billing: BILLING, userId: null, at })).toEqual({
      billing: { clear: BILLING },
      userId: null,
      at,
    }));

  it("CheckoutDeliveryGiven version 1 reads with its shipping and download email in clear", () =>
    expect(
      registry.decode("CheckoutDeliveryGiven", 1, {
        shipping: address,
        digitalEmail: "noah@example.org",
        ships: true,
        digital: true,
        at,
      }),
    ).toEqual({
      delivery: { clear: { shipping: address, digitalEmail: "noah@example.org" } },
      ships: true,
      digital: true,
      at,
    }));

  it("OrderPlaced version 1 reads with the buyer's data in clear and ships from its shipping address", () => {
    const v1 = {
      number: "100001",
      cartId: "c1",
      userId: null,
      billing: BILLING,
      shipping: null,
      digitalEmail: "noah@example.org",
      lines: [],
      discounts: [],
      shippingMethod: null,
      totals: { goodsCents: 0, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: 0 },
      payment: {
        type: "none",
        status: "none",
        amountCents: 0,
        gateway: null,
        brand: null,
        last4: null,
        reference: null,
      },
      placedAt: at,
    };
    expect(registry.decode("OrderPlaced", 1, v1)).toMatchObject({
      ships: false,
      personal: { clear: { billing: BILLING, shipping: null, digitalEmail: "noah@example.org" } },
    });
  });

  it("version 2 holds only a sealed box: data in clear is refused", () =>
    expect(() => registry.decode("CheckoutBillingGiven", 2, { billing: BILLING, userId: null, at })).toThrow());
});
