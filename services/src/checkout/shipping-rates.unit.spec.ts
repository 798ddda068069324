import { describe, expect, it } from "vitest";
import { decideShippingRates, DEMO_SHIPPING_RATES } from "./shipping-rates.ts";

const now = new Date("2026-11-23T12:00:00.000Z");
const by = { id: "u1", name: "Edna" };
const row = { code: "ground", label: "Ground", base_cents: 450, per_item_cents: 50, free_over_cents: 5000 };

describe("the shipping rate table (staff form)", () => {
  it("the rows become the table, in the order given, money in cents", () =>
    expect(decideShippingRates(DEMO_SHIPPING_RATES, { rates: [row], expected_version: -1 }, { now, by })).toEqual([
      {
        type: "ShippingRatesSet",
        data: {
          rates: [{ code: "ground", label: "Ground", baseCents: 450, perItemCents: 50, freeOverCents: 5000 }],
          at: now.toISOString(),
          by,
        },
      },
    ]));

  it("saving the table unchanged writes nothing", () => {
    const same = DEMO_SHIPPING_RATES.map((r) => ({
      code: r.code,
      label: r.label,
      base_cents: r.baseCents,
      per_item_cents: r.perItemCents,
      free_over_cents: r.freeOverCents,
    }));
    expect(decideShippingRates(DEMO_SHIPPING_RATES, { rates: same, expected_version: -1 }, { now, by })).toEqual([]);
  });
});
