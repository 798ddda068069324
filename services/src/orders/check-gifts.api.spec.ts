import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CHECKOUT_CATALOG, GIFT, GOOD_CARD, throughShipping, arkCampaignGiven } from "../checkout/checkout-fixtures.ts";
import { apiSpec, type SpecHttp } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const ARK = arkCampaignGiven(100_000);
const given = spec.given(...CHECKOUT_CATALOG, ARK, edna);
const ORDERS = "/admin/api/store/order/";
const STATUS = "/api/store/campaign-status/?campaign=ark-main";

/** A visitor gives `dollars` to ark-main and pays as `payment` says; answers the order number. */
async function give(
  http: SpecHttp,
  dollars: number,
  payment: Record<string, string>,
  donor = http.visitor(),
): Promise<string> {
  await donor.get(`/api/store/shop/add-to-cart/?${GIFT}=${dollars}`);
  await throughShipping(donor);
  const placed = await donor.post("/api/store/shop/checkout/payment/", payment);
  expect(placed.json.metadata.success).toBe(true);
  return placed.json.order.number;
}

const gifts = <E extends { type: string }>(events: E[]) => events.filter((e) => e.type.startsWith("CampaignGift"));

describe("a gift counts when its money is received (security 4)", () => {
  it("security 4: a gift by check that is cancelled before the check came never moved the thermometer", () =>
    given
      .when(async (http) => {
        const number = await give(http, 1_000_000, { payment_type: "check" });
        expect((await http.visitor().get(STATUS)).json).toMatchObject({ raised_cents: 0, donors: 0 });
        const staff = http.as(edna);
        const page = await staff.get(`${ORDERS}${number}/`);
        const cancelled = await staff.post(`${ORDERS}${number}/cancel/`, { expected_version: page.json.version });
        expect(cancelled.json.status).toBe("Cancelled");
        return http.visitor().get(STATUS);
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ raised_cents: 0, donors: 0 });
        expect(gifts(newEvents)).toEqual([]);
      }));

  it("security 4: the check recorded as received counts the gift, once; a card gift counts at once", () =>
    given
      .when(async (http) => {
        const byCheck = await give(http, 40, { payment_type: "check" });
        // The donor's own next read of the thermometer shows their card gift (it waits for it).
        const donor = http.visitor();
        await give(http, 25, GOOD_CARD, donor);
        expect((await donor.get(STATUS)).json).toMatchObject({ raised_cents: 2500, donors: 1 });
        const staff = http.as(edna);
        const page = await staff.get(`${ORDERS}${byCheck}/`);
        const received = await staff.post(`${ORDERS}${byCheck}/check-received/`, {
          expected_version: page.json.version,
        });
        expect(received.status).toBe(200);
        const again = await staff.post(`${ORDERS}${byCheck}/check-received/`, {
          expected_version: received.json.version,
        });
        expect(again.status).toBe(409);
        return http.visitor().get(STATUS);
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ raised_cents: 6500, donors: 2 });
        expect(gifts(newEvents).map((e) => (e.data as { amountCents: number }).amountCents)).toEqual([2500, 4000]);
      }));
});
