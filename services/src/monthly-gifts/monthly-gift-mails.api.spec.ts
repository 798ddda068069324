import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CHECKOUT_CATALOG, GIFT, GOOD_CARD, arkCampaignGiven } from "../checkout/checkout-fixtures.ts";
import { queuedMailsIn } from "../mail/queued-mails.ts";
import { apiSpec, SPEC_SITE_URL } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { monthlyGiftStarted } from "./monthly-gift-fixtures.ts";
import { cancelMonthlyGift, recordMonthlyCharge } from "./monthly-gift-commands.ts";

// Issue 26 §5: the mails a monthly gift sends its giver, each once however often its notice comes.
const spec = apiSpec(createApp);
const Q = "/api/store/shop/quick-donation/";
const MINE = "/api/account/monthly-gifts/";
const STAFF = "/admin/api/monthly-gifts/";
const ARK = arkCampaignGiven(50_000_000);
const noah = signedInUser("noah@example.org", "Noah Builder", { isStaff: false });
const staff = signedInUser("staff@example.org", "Sarah Staff");
const { payment_type: _card, ...CARD } = GOOD_CARD;
const GIVE = { fund: GIFT, amount: "12.50", email: "noah@example.org", ...CARD };
const STARTED = monthlyGiftStarted("5001", noah.id);
const given = spec.given(...CHECKOUT_CATALOG, ARK, noah, staff, STARTED);
const month = (invoice: string, paid: boolean) => ({
  gift: "5001",
  subscription: "test_sub_5001",
  invoice,
  amountCents: 1250,
  paid,
  message: paid ? null : "Your card was declined.",
});
/** The page that stops a gift, as a whole address: a mail has no site to resolve a path against. */
const STOP = `(${SPEC_SITE_URL}/account/monthly-gifts/)`;

describe("spec 26.5: monthly gifts mail their giver", () => {
  it("spec 26.5: the first month's confirmation says the gift repeats every month, for how much, and how to stop it", () =>
    spec
      .given(...CHECKOUT_CATALOG, ARK, noah)
      .when(async (http) => {
        await http.as(noah).post(Q, GIVE, { "idempotency-key": "one-off" });
        return http.as(noah).post(Q, { ...GIVE, monthly: "on" }, { "idempotency-key": "monthly" });
      })
      .then(async ({ response, newEvents, db, http }) => {
        const number = response.json.order.number;
        // The order says so too (its complete page shows it): the line is the first month of a monthly gift.
        const order = (await http.as(noah).get(`/api/store/shop/orders/${number}/`)).json.order;
        expect(order.lines[0].donation).toEqual({ campaign: "ark-main", monthly: true });
        const mails = await queuedMailsIn(db, newEvents);
        const first = mails.find((m) => m.mailId === `order-confirmation-${number}`);
        expect(first?.to).toBe("noah@example.org");
        expect(first?.text).toContain("This gift repeats: $12.50 to General Donation every month, on the same card.");
        expect(first?.text).toContain(STOP);
        // A one-off gift's confirmation says nothing of repeating.
        const oneOff = mails.find((m) => m.mailId.startsWith("order-confirmation-") && m !== first);
        expect(oneOff?.text).toContain("General Donation  12.50");
        expect(oneOff?.text).not.toContain("repeats");
        expect(mails).toHaveLength(2);
      }));

  it("spec 26.5: each month charged mails the giver a receipt, once, even when its notice comes twice", () =>
    given
      .when((http) => http.as(staff).post(`${STAFF}5001/test-month/`, {}))
      .then(async ({ newEvents, store, db }) => {
        const charged = newEvents.find((e) => e.type === "MonthlyGiftCharged");
        const invoice = String((charged?.data as { invoice?: string } | undefined)?.invoice);
        const again = await recordMonthlyCharge(
          { store, db, clock: () => new Date(), siteUrl: SPEC_SITE_URL },
          month(invoice, true),
          {},
        );
        expect(again.lastWrite).toBeNull();
        const all = await store.readStream(`mail-monthly-gift-charged-5001-${invoice}`);
        expect(all).toHaveLength(1);
        const [mail] = await queuedMailsIn(db, newEvents);
        expect(mail).toMatchObject({
          mailId: `monthly-gift-charged-5001-${invoice}`,
          to: "noah@example.org",
          subject: "Receipt for your monthly gift of $12.50",
        });
        expect(mail?.text).toContain("Dear Noah Builder,");
        expect(mail?.text).toContain("this month's gift of $12.50 to General Donation was received");
        expect(mail?.text).toContain(`Receipt: ${invoice}`);
        expect(mail?.text).toContain("Paid by Visa ending 4242.");
        expect(mail?.text).toContain("repeats every month");
        expect(mail?.text).toContain(STOP);
        // Sealed with the giver's key, as every mail: the event holds no address or body.
        expect(JSON.stringify(newEvents.find((e) => e.type === "MailQueued")?.data)).not.toContain("noah@");
      }));

  it("spec 26.5: a month the card declines mails the giver once, saying why and how to stop it", () =>
    given
      .when(async (http) => {
        await http.as(staff).post(`${STAFF}5001/test-month/`, { decline: true });
        return http.as(staff).get(STAFF);
      })
      .then(async ({ newEvents, store, db }) => {
        const failed = newEvents.find((e) => e.type === "MonthlyGiftPaymentFailed");
        const invoice = String((failed?.data as { invoice?: string } | undefined)?.invoice);
        await recordMonthlyCharge(
          { store, db, clock: () => new Date(), siteUrl: SPEC_SITE_URL },
          month(invoice, false),
          {},
        );
        expect(await store.readStream(`mail-monthly-gift-failed-5001-${invoice}`)).toHaveLength(1);
        const mails = await queuedMailsIn(db, newEvents);
        expect(mails).toHaveLength(1);
        expect(mails[0]).toMatchObject({
          mailId: `monthly-gift-failed-5001-${invoice}`,
          to: "noah@example.org",
          subject: "Your monthly gift of $12.50 could not be charged",
        });
        expect(mails[0]?.text).toContain("could not be charged to Visa ending 4242: Your card was declined.");
        expect(mails[0]?.text).toContain(STOP);
      }));

  it("spec 26.5: a cancelled gift mails the giver once; the gateway's own 'ended' notice after it sends nothing more", () =>
    given
      .when((http) => http.as(noah).post(`${MINE}5001/cancel/`, {}))
      .then(async ({ response, newEvents, store, db, http }) => {
        expect(response.status).toBe(200);
        const gateway = { name: "test" } as Parameters<typeof cancelMonthlyGift>[0]["gateway"];
        const ended = { cancelledBy: "gateway" as const, owner: null, by: null };
        await cancelMonthlyGift(
          { store, db, clock: () => new Date(), gateway, siteUrl: SPEC_SITE_URL },
          "5001",
          ended,
          {},
        );
        expect(await store.readStream("mail-monthly-gift-cancelled-5001")).toHaveLength(1);
        expect((await http.as(noah).post(`${MINE}5001/cancel/`, {})).status).toBe(409);
        const mails = await queuedMailsIn(db, newEvents);
        expect(mails).toEqual([
          expect.objectContaining({
            mailId: "monthly-gift-cancelled-5001",
            to: "noah@example.org",
            subject: "Your monthly gift of $12.50 is cancelled",
          }),
        ]);
        expect(mails[0]?.text).toContain(
          "to General Donation was cancelled as you asked: no more months will be charged.",
        );
        expect(mails[0]?.text).toContain("Thank you for the 1 month(s) you gave.");
      }));
});
