import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { BOOK, CHECKOUT_CATALOG, GIFT, GOOD_CARD, arkCampaignGiven } from "./checkout-fixtures.ts";
import { readUntil } from "../testing/read-until.ts";

// Issue 26 §5: the donate page's short flow, one form for a gift: fund, amount, email and card.
const spec = apiSpec(createApp);
const Q = "/api/store/shop/quick-donation/";
const ARK = arkCampaignGiven(50_000_000);
const given = spec.given(...CHECKOUT_CATALOG, ARK);
const { payment_type: _card, ...CARD } = GOOD_CARD;
const FORM = { fund: GIFT, amount: "12.50", email: "noah@example.org", ...CARD };

describe("spec 26.5: a gift in one form (POST /api/store/shop/quick-donation/)", () => {
  it("spec 26.5: with the test gateway the form takes the card in its own fields", () =>
    given
      .when((http) => http.visitor().get("/api/store/shop/quick-donation/payment/"))
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({ metadata: { success: true, errors: [] }, card_form: "fields" });
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.5: $12.50 to a fund with an email and the test card is one order of one donation line; the thermometer moves", () =>
    given
      .when(async (http) => {
        const giver = http.visitor();
        const placed = await giver.post(Q, FORM, { "idempotency-key": "gift-1" });
        const again = await giver.post(Q, FORM, { "idempotency-key": "gift-1" }); // a double click pays once
        expect(again.json.order.number).toBe(placed.json.order.number);
        const status = await giver.get("/api/store/campaign-status/?campaign=ark-main");
        expect(status.json).toMatchObject({ raised_cents: 1250, donors: 1 });
        return placed;
      })
      .then(({ response, newEvents }) => {
        const number = response.json.order.number;
        expect(response.json).toEqual({
          metadata: { success: true, errors: [] },
          order: { number },
          redirect: `/store/checkout/complete/${number}/`,
        });
        const placed = newEvents.filter((e) => e.type === "OrderPlaced");
        expect(placed).toHaveLength(1);
        expect(placed[0].data).toMatchObject({
          lines: [{ skuCode: GIFT, quantity: 1, totalCents: 1250, donation: { campaign: "ark-main" }, digital: false }],
          totals: { goodsCents: 0, donationCents: 1250, shippingCents: 0, totalCents: 1250 },
          payment: { type: "card", status: "paid", last4: "4242" },
        });
        expect(JSON.stringify(newEvents.map((e) => e.data))).not.toContain("noah@example.org");
      }));

  it("spec 26.5: a fund that is not a gift, no amount, a bad email and no card are refused together; nothing written", () =>
    given
      .when((http) => http.visitor().post(Q, { fund: BOOK, amount: "0.50", email: "noah@", card_number: "" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toMatchObject({
          success: false,
          message: "Please correct the errors in this form before proceeding to checkout.",
        });
        expect(response.json.metadata.errors).toEqual(
          expect.arrayContaining([
            "fund: Please choose a fund to give to.",
            "amount: Please enter an amount of $1.00 or more.",
            "email: Please enter a valid email address (noah@).",
            "card_number: This field is required.",
            "name_on_card: This field is required.",
          ]),
        );
        expect(newEvents).toEqual([]);
      }));

  it("spec 26.5: the receipt and the order page name the gift once: no 'General Donation Donation'", () => {
    const staff = signedInUser("mail-staff@example.org", "Mail Staff");
    return spec
      .given(...CHECKOUT_CATALOG, ARK, staff)
      .when((http) => http.visitor().post(Q, FORM, { "idempotency-key": "gift-mail" }))
      .then(async ({ response, http }) => {
        // The mailbox is a read model the gift's answer does not wait for (staff are not the giver): give it the moment it needs.
        const mailbox = await readUntil(
          () => http.as(staff).get("/admin/api/mailbox/"),
          (r) => r.json.items.length > 0,
        );
        const [mail] = mailbox.json.items;
        expect(mail?.text).toContain("  General Donation  12.50");
        expect(mail?.text).not.toContain("(Donation)");
        expect(response.json.order.number).toMatch(/^\d+$/);
      });
  });
});
