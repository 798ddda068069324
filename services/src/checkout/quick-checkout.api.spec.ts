import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { BILLING, DECLINED_CARD, GOOD_CARD } from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const Q = "/api/store/shop/quick-checkout/";
const GRANDPARENT = "90-8-113";
const TICKET = "90-8-101";
const MEMBERSHIPS = [
  productGiven(41, { title: "Annual Membership" }),
  ...skuGiven(163, "90-8-111", { productId: 41, format: "Individual Membership", priceCents: 9900 }),
  ...skuGiven(165, GRANDPARENT, { productId: 41, format: "Grandparent Membership", priceCents: 19900 }),
  productGiven(24, { title: "Creation Museum Admission" }),
  ...skuGiven(141, TICKET, { productId: 24, format: "Adult Ticket", priceCents: 3495, digital: true }),
];
const given = spec.given(...MEMBERSHIPS);
const types = (events: Array<{ type: string }>) => events.map((e) => e.type);
const GRANDCHILD = {
  dependent_1_first_name: "Ham",
  dependent_1_last_name: "Builder",
  dependent_1_birth_year: "2016",
  dependent_1_birth_month: "02",
  dependent_1_birth_day: "29",
};
const FORM = {
  sku: GRANDPARENT,
  ...BILLING,
  ship_to: "billing",
  primary_first_name: "Noah",
  primary_last_name: "Builder",
  spouse_first_name: "Naamah",
  spouse_last_name: "Builder",
  ...GRANDCHILD,
  ...GOOD_CARD,
};

describe("POST /api/store/shop/quick-checkout/ (storefront §2, §5)", () => {
  it("a grandparent membership with a grandchild born on 29 February 2016, paid by the test card, places one order", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        const placed = await shopper.post(Q, FORM, { "idempotency-key": "qc-1" });
        const order = await shopper.get(`/api/store/shop/orders/${placed.json.order.number}/`);
        expect(order.json.order).toMatchObject({
          shipping: { first_name: "Noah", street1: "1 Ark Way", state: "KY" },
          membership: {
            variant: "grandparent",
            passholders: [
              { role: "primary", first_name: "Noah", last_name: "Builder", birthday: null },
              { role: "spouse", first_name: "Naamah", last_name: "Builder", birthday: null },
              { role: "dependent", first_name: "Ham", last_name: "Builder", birthday: "2016-02-29" },
            ],
          },
        });
        return placed;
      })
      .then(({ response, newEvents }) => {
        const number = response.json.order.number;
        expect(response.json).toEqual({
          metadata: { success: true, errors: [] },
          order: { number },
          redirect: `/store/checkout/complete/${number}/`,
        });
        const placed = newEvents.find((e) => e.type === "OrderPlaced")?.data;
        expect(placed).toMatchObject({
          lines: [{ skuCode: GRANDPARENT, quantity: 1, totalCents: 19900 }],
          totals: { totalCents: 19900, shippingCents: 0 },
          payment: { type: "card", status: "paid", last4: "4242" },
        });
        // The passholders are personal data: sealed with the buyer's key in the event, never in clear.
        expect(JSON.stringify(newEvents.map((e) => e.data))).not.toContain("Naamah");
        expect(JSON.stringify(newEvents.map((e) => e.data))).not.toContain("4242424242424242");
        expect(types(newEvents)).toEqual(
          expect.arrayContaining(["QuickCheckoutStarted", "QuickCheckoutCompleted", "MailQueued"]),
        );
      }));

  it("All passholder name fields are required.: a grandchild born 29 February 2015 is refused, nothing written", () =>
    given
      .when((http) => http.visitor().post(Q, { ...FORM, dependent_1_birth_year: "2015" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toMatchObject({
          success: false,
          message: "Please correct the errors in this form before proceeding to checkout.",
          errors: ["dependent_1_birth_day: All passholder name fields are required."],
        });
        expect(newEvents).toEqual([]);
      }));

  it("All passholder name fields are required.: the primary always, the spouse in pairs", () =>
    given
      .when((http) =>
        http.visitor().post(Q, { ...FORM, primary_first_name: "", spouse_first_name: "", spouse_last_name: "Builder" }),
      )
      .then(({ response }) => {
        expect(response.json.metadata.errors).toEqual([
          "primary_first_name: All passholder name fields are required.",
          "spouse_first_name: All passholder name fields are required.",
        ]);
      }));

  it("a new shipping address needs first and last name, street1, city, postal code, and state in the US", () =>
    given
      .when((http) => http.visitor().post(Q, { ...FORM, ship_to: "new", ship_first_name: "Shem" }))
      .then(({ response }) => {
        expect(response.json.metadata.errors).toEqual([
          "ship_last_name: This field is required.",
          "ship_street1: This field is required.",
          "ship_city: This field is required.",
          "ship_postal_code: This field is required.",
          "ship_state: This field is required.",
        ]);
      }));

  it("the form posted as x-www-form-urlencoded places the order", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get("/api/store/shop/full-cart/"); // the csrftoken cookie
        return fetch(`${http.url}${Q}`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            cookie: shopper.cookieHeader,
            "x-csrftoken": shopper.cookies.get("csrftoken") ?? "",
          },
          body: new URLSearchParams(FORM).toString(),
        }).then(async (r) => ({ status: r.status, json: await r.json(), text: "", headers: r.headers }));
      })
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.success).toBe(true);
        expect(types(newEvents)).toContain("OrderPlaced");
      }));

  it("a repeated submit with the same Idempotency-Key answers the same order: one order, one charge", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        const [a, b] = await Promise.all([
          shopper.post(Q, FORM, { "idempotency-key": "twice" }),
          shopper.post(Q, FORM, { "idempotency-key": "twice" }),
        ]);
        const c = await shopper.post(Q, FORM, { "idempotency-key": "twice" });
        expect(new Set([a, b, c].map((r) => r.json.order.number)).size).toBe(1);
        return c;
      })
      .then(({ newEvents }) => {
        expect(types(newEvents).filter((t) => t === "OrderPlaced")).toHaveLength(1);
      }));

  it("Your card was declined.: 402, nothing placed, and the same key may pay again", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        const declined = await shopper.post(Q, { ...FORM, ...DECLINED_CARD }, { "idempotency-key": "retry" });
        expect(declined.status).toBe(402);
        expect(declined.json.metadata).toMatchObject({ success: false, message: "Your card was declined." });
        return shopper.post(Q, FORM, { "idempotency-key": "retry" });
      })
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.success).toBe(true);
        expect(types(newEvents).filter((t) => t === "OrderPlaced")).toHaveLength(1);
        expect(types(newEvents)).toContain("QuickCheckoutFailed");
      }));

  it("only a membership SKU can be bought here", () =>
    given
      .when((http) => http.visitor().post(Q, { ...FORM, sku: TICKET }))
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["sku: This item cannot be bought through the quick checkout."]);
      }));

  it("a signed-in shopper ships the card to an address of their book", () => {
    const sam = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
    return spec
      .given(...MEMBERSHIPS, sam)
      .when(async (http) => {
        const shopper = http.as(sam);
        const added = await shopper.post("/api/account/addresses/", {
          first_name: "Shem",
          last_name: "Builder",
          street1: "2 Hill Rd",
          city: "Hebron",
          state: "KY",
          postal_code: "41048",
          country: "United States",
        });
        const placed = await shopper.post(Q, { ...FORM, ship_to: String(added.json.id) });
        expect(placed.json.metadata.success).toBe(true);
        return shopper.get(`/api/store/shop/orders/${placed.json.order.number}/`);
      })
      .then(({ response }) => {
        expect(response.json.order.shipping).toMatchObject({ first_name: "Shem", city: "Hebron" });
      });
  });

  it("a guest cannot pick an address-book id", () =>
    given
      .when((http) => http.visitor().post(Q, { ...FORM, ship_to: "1" }))
      .then(({ response }) => {
        expect(response.json.metadata.errors).toEqual(["ship_to: Select a valid choice."]);
      }));

  it("GET ?sku= answers the membership the form buys, with its passholder variant; a ticket is not one", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        const ticket = await shopper.get(`${Q}?sku=${TICKET}`);
        expect(ticket.status).toBe(400);
        expect(ticket.json.metadata.message).toBe("This item cannot be bought through the quick checkout.");
        return shopper.get(`${Q}?sku=${GRANDPARENT}`);
      })
      .then(({ response }) => {
        expect(response.json).toEqual({
          metadata: { success: true, errors: [] },
          item: {
            sku: GRANDPARENT,
            title: "Annual Membership",
            format: "Grandparent Membership",
            price: "199.00",
            price_cents: 19900,
            variant: "grandparent",
            url: expect.stringMatching(/^\/store\//),
          },
        });
      }));
});
