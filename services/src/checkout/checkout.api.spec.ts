import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import {
  BILLING,
  BOOK,
  CHECKOUT_CATALOG,
  DECLINED_CARD,
  DOWNLOAD,
  FREEBIE,
  GIFT,
  GOOD_CARD,
  SAME_AS_BILLING,
  throughShipping,
  arkCampaignGiven,
} from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const C = "/api/store/shop/checkout/";
const ARK = arkCampaignGiven(100_000);
const given = spec.given(...CHECKOUT_CATALOG, ARK);
const types = (events: Array<{ type: string }>) => events.map((e) => e.type);

describe("checkout step 1, billing (storefront §5 messages)", () => {
  it("This field is required. for each missing billing field, state required in the US, under 'Invalid request syntax or bad data.'", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        return shopper.post(`${C}info/`, { ...BILLING, first_name: " ", state: "", city: "" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toMatchObject({
          success: false,
          message: "Invalid request syntax or bad data.",
        });
        expect(response.json.metadata.errors).toEqual([
          "first_name: This field is required.",
          "city: This field is required.",
          "state: This field is required.",
        ]);
        expect(types(newEvents)).not.toContain("CheckoutBillingGiven");
      }));

  it("Please enter a valid email address ({email}). names what was typed; no state needed outside the US", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        return shopper.post(`${C}info/`, { ...BILLING, country: "Canada", state: "", email: "bob@example" });
      })
      .then(({ response }) => {
        expect(response.json.metadata.errors).toEqual(["email: Please enter a valid email address (bob@example)."]);
      }));

  it("the billing form posted as x-www-form-urlencoded answers step 2", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        return fetch(`${http.url}${C}info/`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            cookie: shopper.cookieHeader,
            "x-csrftoken": shopper.cookies.get("csrftoken") ?? "",
          },
          body: new URLSearchParams(BILLING).toString(),
        }).then(async (r) => ({ status: r.status, json: await r.json(), text: "", headers: r.headers }));
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({ metadata: { success: true, errors: [] }, step: 2 });
        expect(types(newEvents)).toContain("CheckoutBillingGiven");
      }));

  it("Invalid request syntax or bad data. for a body that is not a form", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        return shopper.post(`${C}info/`, ["not", "a", "form"]);
      })
      .then(({ response }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.message).toBe("Invalid request syntax or bad data.");
      }));

  it("__all__: Invalid step for a checkout with an empty cart", () =>
    given
      .when((http) => http.visitor().post(`${C}info/`, BILLING))
      .then(({ response }) => {
        expect(response.json.metadata).toMatchObject({ success: false, errors: ["__all__: Invalid step"] });
      }));
});

describe("checkout steps in order (storefront §4)", () => {
  it("__all__: Invalid step for delivery before billing", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        return shopper.post(`${C}delivery/`, SAME_AS_BILLING);
      })
      .then(({ response }) => {
        expect(response.json.metadata).toMatchObject({ success: false, errors: ["__all__: Invalid step"] });
      }));

  it("ship_* fields are required when something ships; delivery then answers step 3", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await shopper.post(`${C}info/`, BILLING);
        const refused = await shopper.post(`${C}delivery/`, { digital_email: "" });
        expect(refused.json.metadata.errors).toEqual([
          "ship_first_name: This field is required.",
          "ship_last_name: This field is required.",
          "ship_street1: This field is required.",
          "ship_city: This field is required.",
          "ship_postal_code: This field is required.",
          "ship_state: This field is required.",
        ]);
        return shopper.post(`${C}delivery/`, SAME_AS_BILLING);
      })
      .then(({ response }) => expect(response.json).toEqual({ metadata: { success: true, errors: [] }, step: 3 })));

  it("a digital-only cart skips shipping: delivery answers step 4 and needs only digital_email", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${DOWNLOAD}=1`);
        await shopper.post(`${C}info/`, BILLING);
        const refused = await shopper.post(`${C}delivery/`, { digital_email: "gift@example" });
        expect(refused.json.metadata.errors).toEqual([
          "digital_email: Please enter a valid email address (gift@example).",
        ]);
        const step = await shopper.post(`${C}delivery/`, { digital_email: "gift@example.org" });
        expect(step.json.step).toBe(4);
        expect((await shopper.get(`${C}shipping/`)).json.metadata.errors).toEqual(["__all__: Invalid step"]);
        return shopper.get(`${C}payment/`);
      })
      .then(({ response }) => {
        expect(response.json.payment_types).toEqual(["card", "check"]);
        expect(response.json.total).toBe("7.99");
      }));

  it("a donation-only cart skips shipping too", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${GIFT}=25`);
        await shopper.post(`${C}info/`, BILLING);
        return shopper.post(`${C}delivery/`, {});
      })
      .then(({ response }) => expect(response.json.step).toBe(4)));

  it("shipping_options lists the rate table as radio inputs; the chosen method is priced in the summary", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
        await shopper.post(`${C}info/`, BILLING);
        await shopper.post(`${C}delivery/`, SAME_AS_BILLING);
        const options = await shopper.get(`${C}shipping/`);
        expect(options.json.shipping_options).toContain(
          '<input type="radio" name="shipping_method" value="standard" checked>',
        );
        expect(options.json.methods[0]).toEqual({
          code: "standard",
          label: "Standard (5-7 business days)",
          price: "6.99",
          price_cents: 699,
        });
        expect((await shopper.post(`${C}shipping/`, { shipping_method: "teleport" })).json.metadata.errors).toEqual([
          "shipping_method: Select a valid choice.",
        ]);
        expect((await shopper.post(`${C}shipping/`, { shipping_method: "standard" })).json.step).toBe(4);
        return shopper.get(`${C}payment/`);
      })
      .then(({ response }) => {
        expect(response.json.total).toBe("32.97");
        expect(response.json.order_summary).toContain("Shipping: Standard (5-7 business days)");
      }));

  it("the cart changing after shipping sends the checkout back to step 3", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        return shopper.get(`${C}payment/`);
      })
      .then(({ response }) => {
        expect(response.status).toBe(409);
        expect(response.json).toMatchObject({ metadata: { success: false, code: "CHECKOUT_CART_CHANGED" }, step: 3 });
      }));

  it("a physical item added to a digital checkout sends it back to step 2", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${DOWNLOAD}=1`);
        await throughShipping(shopper);
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        return shopper.get(`${C}payment/`);
      })
      .then(({ response }) => expect(response.json.step).toBe(2)));
});

describe("checkout step 4, payment and the order", () => {
  it("a physical order with the test card: OrderPlaced, stock down, cart emptied, and the order page", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
        await throughShipping(shopper);
        const placed = await shopper.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": "k-1" });
        const page = await shopper.get(`/api/store/shop/orders/${placed.json.order.number}/`);
        expect(page.json.order).toMatchObject({
          total: "32.97",
          status: "Placed",
          payment: { type: "card", status: "paid", brand: "Visa", last4: "4242" },
          shipping_method: "Standard (5-7 business days)",
        });
        expect((await shopper.get("/api/store/shop/full-cart/")).json.items).toEqual([]);
        expect((await http.visitor().get(`/api/store/shop/orders/${placed.json.order.number}/`)).status).toBe(404);
        return placed;
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({
          metadata: { success: true, errors: [] },
          order: { number: expect.stringMatching(/^\d+$/) },
          redirect: `/store/checkout/complete/${response.json.order.number}/`,
        });
        const placed = newEvents.find((e) => e.type === "OrderPlaced");
        expect(placed?.data).toMatchObject({
          totals: { goodsCents: 2598, shippingCents: 699, totalCents: 3297 },
          payment: { brand: "Visa", last4: "4242", gateway: "test", reference: expect.stringMatching(/^test_/) },
        });
        expect(newEvents.filter((e) => e.type === "SkuStockChanged").map((e) => e.data)).toEqual([
          expect.objectContaining({ id: 100, stock: 3 }),
        ]);
      }));

  it("the card number and CVV are in no event", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        await shopper.post(`${C}payment/`, DECLINED_CARD);
        return shopper.post(`${C}payment/`, { ...GOOD_CARD, cvv: "987" });
      })
      .then(({ newEvents }) => {
        const log = JSON.stringify(newEvents.map(({ type, data, metadata }) => ({ type, data, metadata })));
        expect(log).toContain("OrderPlaced");
        for (const secret of ["4242424242424242", "4242 4242 4242 4242", "4000000000000002", '"987"'])
          expect(log).not.toContain(secret);
      }));

  it("Your card was declined.: nothing placed, nothing taken, and a good card then places the order", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        const declined = await shopper.post(`${C}payment/`, DECLINED_CARD);
        expect(declined.status).toBe(402);
        expect(declined.json.metadata).toMatchObject({
          message: "Your card was declined.",
          errors: ["card_number: Your card was declined."],
        });
        return shopper.post(`${C}payment/`, GOOD_CARD);
      })
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.success).toBe(true);
        expect(newEvents.filter((e) => e.type === "OrderPlaced")).toHaveLength(1);
        // the declined card took nothing (it is authorised before the stock is taken); the good card took one
        expect(
          newEvents.filter((e) => e.type === "SkuStockChanged").map((e) => (e.data as { stock: number }).stock),
        ).toEqual([4]);
      }));

  it.each([
    ["a number failing Luhn", { card_number: "4242 4242 4242 4241" }, "card_number: Please enter a valid card number."],
    ["an expired card", { exp_month: "1", exp_year: "2020" }, "exp_year: This card has expired."],
    ["a month out of range", { exp_month: "13" }, "exp_month: Please enter a valid expiration date."],
    ["a missing CVV", { cvv: "" }, "cvv: This field is required."],
  ])("%s is refused before any charge", (_name, change, line) =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        return shopper.post(`${C}payment/`, { ...GOOD_CARD, ...change });
      })
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.errors).toEqual([line]);
        expect(types(newEvents)).not.toContain("CheckoutPaymentStarted");
      }),
  );

  it("check/money order places the order as awaiting payment", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        const placed = await shopper.post(`${C}payment/`, { payment_type: "check" });
        return shopper.get(`/api/store/shop/orders/${placed.json.order.number}/`);
      })
      .then(({ response }) => {
        expect(response.json.order).toMatchObject({
          status: "Awaiting payment",
          payment: { type: "check", status: "awaiting" },
        });
      }));

  it("a free total offers only 'none', and refuses a card", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${FREEBIE}=1`);
        await throughShipping(shopper);
        expect((await shopper.get(`${C}payment/`)).json.payment_types).toEqual(["none"]);
        expect((await shopper.post(`${C}payment/`, GOOD_CARD)).json.metadata.errors).toEqual([
          "payment_type: Nothing is due: choose no payment.",
        ]);
        return shopper.post(`${C}payment/`, { payment_type: "none" });
      })
      .then(({ response }) => expect(response.json.metadata.success).toBe(true)));

  it("'none' is refused when something is due", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${DOWNLOAD}=1`);
        await throughShipping(shopper);
        return shopper.post(`${C}payment/`, { payment_type: "none" });
      })
      .then(({ response }) =>
        expect(response.json.metadata.errors).toEqual(["payment_type: Please choose a payment method."]),
      ));

  it("a repeated submit with the same Idempotency-Key answers the same order: one order, one charge", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        const [a, b] = await Promise.all([
          shopper.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": "same" }),
          shopper.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": "same" }),
        ]);
        const c = await shopper.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": "same" });
        expect(b.json.order.number).toBe(a.json.order.number);
        expect(c.json.order.number).toBe(a.json.order.number);
        return a;
      })
      .then(({ newEvents }) => {
        expect(newEvents.filter((e) => e.type === "OrderPlaced")).toHaveLength(1);
        expect(newEvents.filter((e) => e.type === "CheckoutPaymentStarted")).toHaveLength(1);
        expect(newEvents.filter((e) => e.type === "MailQueued")).toHaveLength(1);
      }));

  it("an order confirmation email goes to the billing email through the outbox, sealed, with no card number", () => {
    const staff = signedInUser("mail-staff@example.org", "Mail Staff");
    return spec
      .given(...CHECKOUT_CATALOG, ARK, staff)
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
        await throughShipping(shopper);
        return shopper.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": "mail-1" });
      })
      .then(async ({ response, newEvents, http }) => {
        const number = response.json.order.number;
        const mail = newEvents.find((e) => e.type === "MailQueued");
        expect(mail?.streamId).toBe(`mail-order-confirmation-${number}`);
        // The address and body are sealed with the buyer's key, as the order is.
        expect(mail?.data).toMatchObject({ to: "", text: "", subject: `Your order ${number}` });
        expect(JSON.stringify(mail?.data)).not.toContain(BILLING.email);
        // The mailbox is a read model the payment's answer does not wait for (staff are not the payer): give it the moment it needs.
        let item: Record<string, unknown> | undefined;
        for (let i = 0; i < 50 && !item; i++) {
          [item] = (await http.as(staff).get("/admin/api/mailbox/")).json.items;
          if (!item) await new Promise((r) => setTimeout(r, 100));
        }
        expect(item).toMatchObject({ to: BILLING.email.toLowerCase(), subject: `Your order ${number}` });
        const text = String(item?.text);
        expect(text).toContain(`Thank you for your order ${number}.`);
        expect(text).toContain("Total: 32.97");
        expect(text).toContain("Paid by Visa ending 4242.");
        expect(text).not.toContain("4242424242424242");
      });
  });

  it("a paid donation line moves its campaign's thermometer", () =>
    given
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${GIFT}=25`);
        await throughShipping(shopper);
        await shopper.post(`${C}payment/`, GOOD_CARD);
        return shopper.get("/api/store/campaign-status/?campaign=ark-main");
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ raised_cents: 2500, donors: 1 });
        expect(newEvents.find((e) => e.type === "CampaignGiftRecorded")?.data).toMatchObject({
          amountCents: 2500,
          source: "order",
          orderNumber: "100001",
          donorName: "", // the buyer's name stays sealed on the order
        });
      }));
});

describe("the shopper's orders", () => {
  const sam = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });

  it("/api/account/orders/ lists the signed-in shopper's orders, newest first, and nobody else's", () =>
    spec
      .given(...CHECKOUT_CATALOG, ARK, sam)
      .when(async (http) => {
        const shopper = http.as(sam);
        for (const code of [DOWNLOAD, BOOK]) {
          await shopper.get(`/api/store/shop/add-to-cart/?${code}=1`);
          await throughShipping(shopper);
          await shopper.post(`${C}payment/`, GOOD_CARD);
        }
        const guest = http.visitor();
        await guest.get(`/api/store/shop/add-to-cart/?${DOWNLOAD}=1`);
        await throughShipping(guest);
        await guest.post(`${C}payment/`, GOOD_CARD);
        expect((await guest.get("/api/account/orders/")).status).toBe(401);
        // the history is a read model: give it the moment it needs
        for (let i = 0; i < 50; i++) {
          const answer = await shopper.get("/api/account/orders/");
          if (answer.json.items.length === 2) return answer;
          await new Promise((r) => setTimeout(r, 100));
        }
        return shopper.get("/api/account/orders/");
      })
      .then(({ response }) => {
        expect(response.json.items.map((o: { total: string }) => o.total)).toEqual(["18.98", "7.99"]);
        expect(response.json.items[0].url).toMatch(/^\/store\/checkout\/complete\/\d+\/$/);
      }));
});
