import { describe, expect, it } from "vitest";
import { ORDER_MESSAGES, orderStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { ORDER_ADDRESS as address } from "./order-fixtures.ts";

const gateway = createTestGateway();
const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: gateway }));
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const at = new Date().toISOString();
const BASE = "/admin/api/store/order/";

function placed(number: string, payment: "card" | "check", reference: string | null = null): GivenEvent {
  return {
    streamId: orderStream(number),
    type: "OrderPlaced",
    schemaVersion: 1, // written before sealing: billing and shipping in clear, read through the upcaster
    data: {
      number,
      cartId: "c1",
      userId: null,
      billing: { ...address, email: "ann@example.org", org_name: "" },
      shipping: address,
      digitalEmail: null,
      lines: [],
      discounts: [],
      shippingMethod: null,
      totals: { goodsCents: 5000, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: 5000 },
      payment: {
        type: payment,
        status: payment === "card" ? "paid" : "awaiting",
        gateway: payment === "card" ? "test" : null,
        brand: payment === "card" ? "Visa" : null,
        last4: payment === "card" ? "4242" : null,
        reference,
        amountCents: 5000,
      },
      placedAt: at,
    },
  };
}

/** A captured charge of $50 on the test gateway, as checkout leaves it. */
async function charge(): Promise<string> {
  const result = await gateway.authorise({
    amountCents: 5000,
    idempotencyKey: crypto.randomUUID(),
    source: { card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvv: "123", nameOnCard: "Ann" } },
  });
  if (!result.ok) throw new Error("test card declined");
  await gateway.capture(result.reference, 5000);
  return result.reference;
}

describe("staff order list and page", () => {
  it("the list answers orders newest first with count/start/sort/q", () =>
    spec
      .given(placed("100001", "card"), placed("100002", "check"), edna)
      .when((http) => http.as(edna).get(`${BASE}?count=10&start=0&sort=-number&q=ann`))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json.total).toBe(2);
        expect(response.json.items.map((r: { number: string }) => r.number)).toEqual(["100002", "100001"]);
        expect(response.json.items[1]).toMatchObject({ status: "Placed", payment_status: "paid", total_cents: 5000 });
      }));

  it("a shopper is refused the staff order list", () =>
    spec
      .given(placed("100001", "card"), shopper)
      .when((http) => http.as(shopper).get(BASE))
      .then(({ response }) => expect(response.status).toBe(403)));

  it("the order page answers the order and its history", () =>
    spec
      .given(placed("100001", "card"), edna)
      .when((http) => http.as(edna).get(`${BASE}100001/history/`))
      .then(({ response }) =>
        expect(response.json.items).toEqual([
          { version: 0, type: "OrderPlaced", at: expect.any(String), by: null, summary: "Placed" },
        ]),
      ));
});

describe("staff order actions", () => {
  it("mark shipped records the tracking number", () =>
    spec
      .given(placed("100001", "card"), edna)
      .when((http) => http.as(edna).post(`${BASE}100001/ship/`, { tracking_number: "1Z999", expected_version: 0 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ status: "Shipped", tracking_number: "1Z999", version: 1 });
        expect(newEvents.map((e) => e.type)).toEqual(["OrderShipped"]);
      }));

  it("A cancelled order cannot be shipped.", () =>
    spec
      .given(
        placed("100001", "card"),
        {
          streamId: orderStream("100001"),
          type: "OrderCancelled",
          data: { number: "100001", reason: "", by: { id: "u", name: "E" }, at },
        },
        edna,
      )
      .when((http) => http.as(edna).post(`${BASE}100001/ship/`, { tracking_number: "1Z", expected_version: 1 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata).toMatchObject({
          code: "ORDER_ACTION_REFUSED",
          message: ORDER_MESSAGES.cancelledNoShip,
        });
        expect(newEvents).toEqual([]);
      }));

  it("a stale expected_version is refused", () =>
    spec
      .given(placed("100001", "card"), edna)
      .when((http) => http.as(edna).post(`${BASE}100001/cancel/`, { expected_version: 3 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.code).toBe("STALE_VERSION");
        expect(newEvents).toEqual([]);
      }));

  it("cancel appends OrderCancelled", () =>
    spec
      .given(placed("100001", "card"), edna)
      .when((http) => http.as(edna).post(`${BASE}100001/cancel/`, { reason: "asked", expected_version: 0 }))
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ status: "Cancelled" });
        expect(newEvents.map((e) => [e.type, (e.data as { reason: string }).reason])).toEqual([
          ["OrderCancelled", "asked"],
        ]);
      }));

  it("check received pays an order awaiting payment", () =>
    spec
      .given(placed("100001", "check"), edna)
      .when((http) => http.as(edna).post(`${BASE}100001/check-received/`, { expected_version: 0 }))
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ status: "Placed", payment_status: "paid", paid_cents: 5000 });
        expect(newEvents.map((e) => e.type)).toEqual(["OrderCheckReceived"]);
      }));

  it("a partial refund goes through the gateway", async () => {
    const reference = await charge();
    await spec
      .given(placed("100001", "card", reference), edna)
      .when((http) =>
        http.as(edna).post(`${BASE}100001/refund/`, { amount_cents: 1250, reason: "damaged", expected_version: 0 }),
      )
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ payment_status: "partly refunded", refundable_cents: 3750 });
        expect(newEvents.map((e) => e.type)).toEqual(["OrderRefunded"]);
        expect(gateway.charges.get(reference)?.refunded).toBe(1250);
      });
  });

  it("a refund above paid minus refunded is refused and the gateway is not asked", async () => {
    const reference = await charge();
    await spec
      .given(placed("100001", "card", reference), edna)
      .when((http) => http.as(edna).post(`${BASE}100001/refund/`, { amount_cents: 5001, expected_version: 0 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.message).toBe(ORDER_MESSAGES.refundTooMuch(5000));
        expect(newEvents).toEqual([]);
        expect(gateway.charges.get(reference)?.refunded).toBe(0);
      });
  });

  it("a refund the gateway refuses is recorded as failed and answers 502", () =>
    spec
      .given(placed("100001", "card", "test_unknown"), edna)
      .when((http) => http.as(edna).post(`${BASE}100001/refund/`, { expected_version: 0 }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(502);
        expect(response.json.metadata.code).toBe("REFUND_FAILED");
        expect(newEvents.map((e) => e.type)).toEqual(["OrderRefunded", "OrderRefundFailed"]);
      }));
});
