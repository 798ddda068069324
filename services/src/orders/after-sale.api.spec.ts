import { describe, expect, it } from "vitest";
import { campaignStream, discountStream, discountUsesStream, orderStream } from "@shop/shared";
import { discount } from "../cart/cart-fixtures.ts";
import { BOOK, CHECKOUT_CATALOG, GOOD_CARD, throughShipping } from "../checkout/checkout-fixtures.ts";
import { createApp } from "../app.ts";
import { skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { ORDER_ADDRESS as address } from "./order-fixtures.ts";

const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: createTestGateway() }));
const edna = signedInUser("edna@example.org", "Edna Editor");
const at = new Date().toISOString();
const BASE = "/admin/api/store/order/";
const by = { id: "u1", name: "Edna" };

/** A check order of $60: two copies of a $20 book (stock now 3) and a $20 donation to ark-main; one use of SAVE. */
function placed(): GivenEvent {
  return {
    streamId: orderStream("100001"),
    type: "OrderPlaced",
    schemaVersion: 1, // written before sealing: the buyer's data in clear
    data: {
      number: "100001",
      cartId: "c1",
      userId: null,
      billing: { ...address, email: "ann@example.org", org_name: "" },
      shipping: address,
      digitalEmail: null,
      lines: [
        {
          lineId: 1,
          skuId: 100,
          skuCode: "10-1-100",
          title: "Noah's Ark Book",
          format: "",
          quantity: 2,
          unitCents: 2000,
          totalCents: 4000,
          digital: false,
          donation: null,
        },
        {
          lineId: 2,
          skuId: 900,
          skuCode: "GeneralDonation",
          title: "General Donation",
          format: "",
          quantity: 1,
          unitCents: 2000,
          totalCents: 2000,
          digital: false,
          donation: { campaign: "ark-main" },
        },
      ],
      discounts: [],
      shippingMethod: null,
      totals: { goodsCents: 4000, discountCents: 0, donationCents: 2000, shippingCents: 0, totalCents: 6000 },
      payment: {
        type: "check",
        status: "awaiting",
        gateway: null,
        brand: null,
        last4: null,
        reference: null,
        amountCents: 6000,
      },
      placedAt: at,
      held: { stock: [{ skuId: 100, quantity: 2 }], discountClaims: [{ code: "SAVE", claimId: "a1" }] },
    },
  };
}

const world: GivenEvent[] = [
  ...skuGiven(100, "10-1-100", { priceCents: 2000, stock: 3 }),
  {
    streamId: discountUsesStream("SAVE"),
    type: "DiscountUseClaimed",
    data: { code: "SAVE", claimId: "a1", customer: "email:ann@example.org", at },
  },
  {
    streamId: campaignStream("ark-main"),
    type: "CampaignCreated",
    data: {
      id: 1,
      slug: "ark-main",
      name: "Build the Ark",
      goalCents: 100_000,
      startsAt: null,
      endsAt: null,
      createdAt: at,
    },
  },
  placed(),
  {
    streamId: campaignStream("ark-main"),
    type: "CampaignGiftRecorded",
    data: {
      giftId: "order-100001-2",
      slug: "ark-main",
      amountCents: 2000,
      donorName: "Ann Buyer",
      note: "",
      source: "order",
      orderNumber: "100001",
      recordedAt: at,
      by: null,
      name: "Build the Ark",
      goalCents: 100_000,
      raisedCents: 2000,
      donors: 1,
    },
  },
];
const checkReceived: GivenEvent = {
  streamId: orderStream("100001"),
  type: "OrderCheckReceived",
  data: { number: "100001", amountCents: 6000, by, at },
};

describe("cancel and refund put things back", () => {
  it("cancelling an order puts the stock it took back and gives back its discount use", () =>
    spec
      .given(...world, checkReceived, edna)
      .when((http) => http.as(edna).post(`${BASE}100001/cancel/`, { reason: "asked", expected_version: 1 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ status: "Cancelled", version: 3 });
        expect(newEvents.map((e) => [e.streamId, e.type])).toEqual([
          [orderStream("100001"), "OrderCancelled"],
          [orderStream("100001"), "OrderReleased"],
          ["sku-100", "SkuStockChanged"],
          [discountUsesStream("SAVE"), "DiscountUseReleased"],
        ]);
        expect(newEvents[2].data).toMatchObject({ stock: 5 });
        expect(newEvents[3].data).toMatchObject({ code: "SAVE", claimId: "a1" });
      }));

  it("cancelling an order whose check never came takes its donation off the thermometer", () =>
    spec
      .given(...world, edna)
      .when(async (http) => {
        await http.as(edna).post(`${BASE}100001/cancel/`, { expected_version: 0 });
        return http.visitor().get("/api/store/campaign-status/?campaign=ark-main");
      })
      .then(({ response, newEvents }) => {
        expect(newEvents.filter((e) => e.type === "CampaignGiftRefunded").map((e) => e.data)).toMatchObject([
          { giftId: "order-100001-2", amountCents: 2000, raisedCents: 0, donors: 0 },
        ]);
        expect(response.json).toMatchObject({ raised_cents: 0, donors: 0 });
      }));

  it("a partial refund moves the donation back by its share of what was paid and puts no stock back", () =>
    spec
      .given(...world, checkReceived, edna)
      .when(async (http) => {
        await http.as(edna).post(`${BASE}100001/refund/`, { amount_cents: 1500, expected_version: 1 });
        return http.visitor().get("/api/store/campaign-status/?campaign=ark-main");
      })
      .then(({ response, newEvents }) => {
        // $15 of $60 paid: a quarter of the $20 donation moves back.
        expect(newEvents.map((e) => e.type)).toEqual(["OrderRefunded", "CampaignGiftRefunded"]);
        expect(newEvents[1].data).toMatchObject({ amountCents: 500, raisedCents: 1500, donors: 1 });
        expect(response.json).toMatchObject({ raised_cents: 1500, donors: 1 });
      }));

  it("a full refund after a partial one gives back the rest of the donation, the stock and the use", () =>
    spec
      .given(
        ...world,
        checkReceived,
        {
          streamId: orderStream("100001"),
          type: "OrderRefunded",
          data: { number: "100001", amountCents: 1500, gateway: null, reference: null, reason: "", by, at },
        },
        edna,
      )
      .when((http) => http.as(edna).post(`${BASE}100001/refund/`, { expected_version: 2 }))
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ payment_status: "refunded", refundable_cents: 0 });
        expect(newEvents.map((e) => e.type)).toEqual([
          "OrderRefunded",
          "OrderReleased",
          "SkuStockChanged",
          "DiscountUseReleased",
          "CampaignGiftRefunded",
        ]);
        expect(newEvents[0].data).toMatchObject({ amountCents: 4500 });
        // The first refund's $5.00 was not moved back here (given as history): the whole gift is now off.
        expect(newEvents[4].data).toMatchObject({ amountCents: 2000, raisedCents: 0, donors: 0 });
      }));

  it("the order's history says what it gave back", () =>
    spec
      .given(...world, checkReceived, edna)
      .when(async (http) => {
        await http.as(edna).post(`${BASE}100001/cancel/`, { expected_version: 1 });
        return http.as(edna).get(`${BASE}100001/history/`);
      })
      .then(({ response }) =>
        expect(response.json.items.at(-1)).toMatchObject({
          type: "OrderReleased",
          summary: "Gave back stock of 1 line and 1 discount use",
        }),
      ));
});

describe("a cancel gives the discount's uses back to the limits", () => {
  const { id, ...once } = discount("ONCE", { id: 3, maxUses: 1, maxUsesPerCustomer: 1 });
  const ONCE: GivenEvent = {
    streamId: discountStream("ONCE"),
    type: "DiscountCreated",
    data: { ...once, id, createdAt: at, by: null },
  };

  it("a code used up (total and per customer) can be used again once the order that used it is cancelled", () =>
    spec
      .given(...CHECKOUT_CATALOG, ONCE, edna)
      .when(async (http) => {
        const buy = async () => {
          const shopper = http.visitor();
          await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
          await shopper.get('/api/store/shop/apply-discounts/?discounts=["ONCE"]');
          await throughShipping(shopper);
          return shopper.post("/api/store/shop/checkout/payment/", GOOD_CARD);
        };
        const first = await buy();
        expect(first.status).toBe(200);
        const refused = await buy();
        expect(refused.json.metadata.message).toBe("The discount ONCE has been used up.");
        const number = first.json.order.number;
        const cancelled = await http.as(edna).post(`${BASE}${number}/cancel/`, { expected_version: 0 });
        expect(cancelled.status).toBe(200);
        return buy();
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        const placed = newEvents.filter((e) => e.type === "OrderPlaced").map((e) => e.data);
        expect(placed.at(-1)).toMatchObject({ discounts: [{ code: "ONCE" }] });
        expect(newEvents.filter((e) => e.type === "DiscountUseReleased")).toHaveLength(1);
      }));
});
