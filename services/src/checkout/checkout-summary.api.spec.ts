import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import {
  BILLING,
  BOOK,
  CHECKOUT_CATALOG,
  GIFT,
  SAME_AS_BILLING,
  throughShipping,
  arkCampaignGiven,
} from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const C = "/api/store/shop/checkout/";
const ARK = arkCampaignGiven(100_000);
const ann = signedInUser("ann@example.org", "Ann Shopper", { isStaff: false });
const given = spec.given(...CHECKOUT_CATALOG, ARK, ann);
const money = (amount: string) => ({ amount, amount_cents: Math.round(Number(amount) * 100) });
const OK = { success: true, errors: [] };

describe("spec 26.6: the order summary beside every checkout step", () => {
  it("before shipping is chosen: the lines, a gift without a quantity, no shipping yet, tax 0 and the total", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2&${GIFT}=12.50`);
        return shopper.get(`${C}summary/`);
      })
      .then(({ response }) => {
        expect(response.json).toEqual({
          metadata: OK,
          lines: [
            { title: "Noah's Ark Book", format: "", quantity: 2, ...money("25.98") },
            { title: "General Donation", format: "", quantity: null, ...money("12.50") },
          ],
          discounts: [],
          subtotal: money("38.48"),
          ships: true,
          shipping: null,
          tax: money("0.00"),
          total: money("38.48"),
        });
      }));

  it("after step 3 the chosen shipping method is in the summary and the total", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
        await throughShipping(shopper);
        return shopper.get(`${C}summary/`);
      })
      .then(({ response }) => {
        expect(response.json.shipping).toEqual({ label: "Standard (5-7 business days)", ...money("6.99") });
        expect(response.json.total).toEqual(money("32.97"));
      }));

  it("without a cart the summary is refused as the steps are", () =>
    given
      .when((http) => http.visitor().get(`${C}summary/`))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.code).toBe("CHECKOUT_INVALID_STEP");
      }));
});

describe("spec 26.6: 'Save to my address book' in the checkout", () => {
  it("a signed-in shopper's typed billing and shipping addresses join the book once each when ticked", () =>
    given
      .when(async (http) => {
        const shopper = http.as(ann);
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await shopper.post(`${C}info/`, { ...BILLING, save_address: "on" });
        await shopper.post(`${C}info/`, { ...BILLING, save_address: "on" }); // again: no copy
        const office = { ...SAME_AS_BILLING, ship_street1: "2 Office Park", ship_city: "Peoria" };
        expect((await shopper.post(`${C}delivery/`, { ...office, save_address: "on" })).json.step).toBe(3);
        return shopper.get("/api/account/addresses/");
      })
      .then(({ response }) => {
        const book = response.json.items.map(
          (a: { street1: string; city: string; state: string; is_default: boolean }) => [
            a.street1,
            a.city,
            a.state,
            a.is_default,
          ],
        );
        expect(book).toEqual([
          ["1 Ark Way", "Petersburg", "KY", true],
          ["2 Office Park", "Peoria", "KY", false],
        ]);
      }));

  it("left unticked, or for a guest, nothing is added to a book", () =>
    given
      .when(async (http) => {
        const shopper = http.as(ann);
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await shopper.post(`${C}info/`, BILLING);
        const guest = http.visitor();
        await guest.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        expect((await guest.post(`${C}info/`, { ...BILLING, save_address: "on" })).json.step).toBe(2);
        return shopper.get("/api/account/addresses/");
      })
      .then(({ response }) => expect(response.json.items).toEqual([])));
});
