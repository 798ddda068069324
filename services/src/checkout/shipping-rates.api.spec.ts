import { describe, expect, it } from "vitest";
import { FORM_MESSAGES, SHIPPING_RATE_MESSAGES, SHIPPING_RATES_STREAM } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { BILLING, BOOK, CHECKOUT_CATALOG, SAME_AS_BILLING } from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const sam = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const BASE = "/admin/api/store/shipping-rate/";
const ground = { code: "ground", label: "Ground", base_cents: 450, per_item_cents: 50, free_over_cents: null };
const express = { code: "express", label: "Express", base_cents: 1900, per_item_cents: 0, free_over_cents: "" };

describe("staff edit the shipping rate table (/admin/store/shipping-rate/)", () => {
  it("the table answers the demo rates at version -1 until staff set one", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).get(BASE))
      .then(({ response }) => {
        expect(response.json.version).toBe(-1);
        expect(response.json.rates[0]).toEqual({
          code: "standard",
          label: "Standard (5-7 business days)",
          base_cents: 599,
          per_item_cents: 100,
          free_over_cents: 7500,
        });
      }));

  it("a saved table is one ShippingRatesSet, and the checkout's shipping step uses it at once", () =>
    spec
      .given(...CHECKOUT_CATALOG, edna)
      .when(async (http) => {
        const saved = await http.as(edna).request("PUT", BASE, { rates: [ground, express], expected_version: -1 });
        expect(saved.json).toMatchObject({ version: 0, updated_by: "Edna Editor" });
        expect(saved.json.rates[1]).toEqual({ ...express, free_over_cents: null });
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
        await shopper.post("/api/store/shop/checkout/info/", BILLING);
        await shopper.post("/api/store/shop/checkout/delivery/", SAME_AS_BILLING);
        return shopper.get("/api/store/shop/checkout/shipping/");
      })
      .then(({ response, newEvents }) => {
        expect(response.json.methods.map((m: { code: string; price: string }) => [m.code, m.price])).toEqual([
          ["ground", "5.00"],
          ["express", "19.00"],
        ]);
        expect(newEvents.filter((e) => e.streamId === SHIPPING_RATES_STREAM)).toMatchObject([
          {
            type: "ShippingRatesSet",
            data: {
              rates: [
                { code: "ground", label: "Ground", baseCents: 450, perItemCents: 50, freeOverCents: null },
                { code: "express", label: "Express", baseCents: 1900, perItemCents: 0, freeOverCents: null },
              ],
              by: { name: "Edna Editor" },
            },
          },
        ]);
      }));

  it("bad rows answer their field messages and nothing is written", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).request("PUT", BASE, {
          rates: [
            { ...ground, label: "" },
            { ...ground, code: "Ground Rate", base_cents: -1 },
            { ...express, code: "ground" },
          ],
          expected_version: -1,
        }),
      )
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          `rates.0.label: ${FORM_MESSAGES.required}`,
          `rates.1.code: ${SHIPPING_RATE_MESSAGES.code}`,
          "rates.1.base_cents: Ensure this value is greater than or equal to 0.",
          `rates.2.code: ${SHIPPING_RATE_MESSAGES.duplicateCode}`,
        ]);
        expect(newEvents).toEqual([]);
      }));

  it("an empty table is refused", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).request("PUT", BASE, { rates: [], expected_version: -1 }))
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.errors).toEqual([`rates: ${SHIPPING_RATE_MESSAGES.atLeastOne}`]);
        expect(newEvents).toEqual([]);
      }));

  it("a save on a table someone saved meanwhile is refused with 409 STALE_VERSION", () =>
    spec
      .given(edna)
      .when(async (http) => {
        await http.as(edna).request("PUT", BASE, { rates: [ground], expected_version: -1 });
        return http.as(edna).request("PUT", BASE, { rates: [express], expected_version: -1 });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.code).toBe("STALE_VERSION");
        expect(newEvents.map((e) => e.type)).toEqual(["ShippingRatesSet"]);
      }));

  it("a shopper is refused the rate table", () =>
    spec
      .given(sam)
      .when((http) => http.as(sam).request("PUT", BASE, { rates: [ground], expected_version: -1 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(403);
        expect(newEvents).toEqual([]);
      }));
});
