import { describe, expect, it } from "vitest";
import { discountStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const BASE = "/admin/api/store/discount/";
const save10 = { code: " save10 ", description: "10% off", percent_off: 10 };

describe("discount admin REST", () => {
  it("creating a discount upper-cases and trims its code and answers the record", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(BASE, save10))
      .then(
        {
          status: 201,
          body: {
            metadata: { success: true },
            id: 1,
            code: "SAVE10",
            description: "10% off",
            percent_off: 10,
            amount_off_cents: null,
            min_subtotal_cents: 0,
            requires_user: false,
            requires_group: null,
            required_skus: [],
            required_quantity: 0,
            starts: null,
            ends: null,
            max_uses: null,
            max_uses_per_customer: null,
            active: true,
            free_shipping: false,
            free_shipping_methods: [],
            version: 0,
          },
        },
        [
          {
            streamId: discountStream("SAVE10"),
            type: "DiscountCreated",
            data: { id: 1, code: "SAVE10", by: actorOf(edna) },
          },
        ],
      ));

  it("a discount is either percent or amount off", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(BASE, { ...save10, amount_off_cents: 500 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["__all__: Give either percent_off or amount_off_cents."]);
        expect(newEvents).toEqual([]);
      }));

  it("a code is taken once", () =>
    spec
      .given(edna)
      .when(async (http) => {
        await http.as(edna).post(BASE, save10);
        return http.as(edna).post(BASE, { ...save10, code: "SAVE10" });
      })
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["code: A discount with this code already exists."]);
      }));

  it("update with expected_version, then the list sorted and filtered", () =>
    spec
      .given(edna)
      .when(async (http) => {
        await http.as(edna).post(BASE, save10);
        await http.as(edna).post(BASE, { code: "FIVE", description: "$5 off", amount_off_cents: 500 });
        const saved = await http
          .as(edna)
          .request("PUT", `${BASE}1/`, { description: "Ten off", percent_off: 10, active: false, expected_version: 0 });
        expect(saved.json).toMatchObject({ code: "SAVE10", description: "Ten off", active: false, version: 1 });
        const stale = await http.as(edna).request("PUT", `${BASE}1/`, { percent_off: 20, expected_version: 0 });
        expect(stale.status).toBe(409);
        return http.as(edna).get(`${BASE}?active=true&sort=code&count=10`);
      })
      .then(({ response }) =>
        expect(response.json).toMatchObject({
          items: [{ code: "FIVE", amount_off_cents: 500 }],
          total: 1,
          count: 10,
          start: 0,
        }),
      ));
});
