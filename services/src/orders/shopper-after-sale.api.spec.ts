import { describe, expect, it } from "vitest";
import { orderStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: createTestGateway() }));
const sam = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const at = new Date().toISOString();
const by = { id: "u1", name: "Edna" };
const address = {
  first_name: "Sam",
  last_name: "Shopper",
  street1: "1 Main St",
  street2: "",
  city: "Hebron",
  state: "KY",
  postal_code: "41048",
  country: "US",
};

function placed(payment: "card" | "check"): GivenEvent {
  return {
    streamId: orderStream("100001"),
    type: "OrderPlaced",
    schemaVersion: 1, // written before sealing: the buyer's data in clear
    data: {
      number: "100001",
      cartId: "c1",
      userId: sam.id,
      billing: { ...address, email: "sam@example.org", org_name: "" },
      shipping: address,
      digitalEmail: null,
      lines: [],
      discounts: [],
      shippingMethod: null,
      totals: { goodsCents: 5000, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: 5000 },
      payment: {
        type: payment,
        status: payment === "card" ? "paid" : "awaiting",
        gateway: null,
        brand: payment === "card" ? "Visa" : null,
        last4: payment === "card" ? "4242" : null,
        reference: null,
        amountCents: 5000,
      },
      placedAt: at,
    },
  };
}
const then = (type: string, data: Record<string, unknown>): GivenEvent => ({
  streamId: orderStream("100001"),
  type,
  data: { number: "100001", by, at, ...data },
});
const shipped = then("OrderShipped", { trackingNumber: "1Z999" });
const refunded = (amountCents: number) =>
  then("OrderRefunded", { amountCents, gateway: null, reference: null, reason: "" });

/** The order page's and the history's answers about order 100001 after the given staff actions. */
function shopperSees(...events: GivenEvent[]) {
  return spec.given(...events, sam).when(async (http) => {
    const page = await http.as(sam).get("/api/store/shop/orders/100001/");
    const history = await http.as(sam).get("/api/account/orders/");
    return { ...page, json: { page: page.json.order, history: history.json.items[0] } };
  });
}
const fields = (o: Record<string, unknown>) => ({
  status: o.status,
  payment_status: o.payment_status,
  tracking_number: o.tracking_number,
  refunded: o.refunded,
});

describe("the shopper's order page and history after staff actions", () => {
  it("a shipped order shows Shipped with its tracking number", () =>
    shopperSees(placed("card"), shipped).then(({ response }) => {
      const expected = { status: "Shipped", payment_status: "paid", tracking_number: "1Z999", refunded: "0.00" };
      expect(fields(response.json.page)).toEqual(expected);
      expect(fields(response.json.history)).toEqual(expected);
    }));

  it("a cancelled order shows Cancelled", () =>
    shopperSees(placed("card"), then("OrderCancelled", { reason: "" })).then(({ response }) => {
      expect(response.json.page.status).toBe("Cancelled");
      expect(response.json.history.status).toBe("Cancelled");
    }));

  it("a partly refunded order shows the amount refunded", () =>
    shopperSees(placed("card"), refunded(1250)).then(({ response }) => {
      const expected = {
        status: "Placed",
        payment_status: "partly refunded",
        tracking_number: null,
        refunded: "12.50",
      };
      expect(fields(response.json.page)).toEqual(expected);
      expect(fields(response.json.history)).toEqual(expected);
    }));

  it("a fully refunded order shows Refunded and the amount", () =>
    shopperSees(placed("card"), refunded(5000)).then(({ response }) => {
      expect(fields(response.json.page)).toMatchObject({ status: "Refunded", refunded: "50.00" });
      expect(response.json.history).toMatchObject({ status: "Refunded", refunded_cents: 5000 });
    }));

  it("a check order shows awaiting payment, then paid once the check is received", async () => {
    await shopperSees(placed("check")).then(({ response }) => {
      expect(fields(response.json.page)).toMatchObject({ status: "Awaiting payment", payment_status: "awaiting" });
      expect(response.json.history).toMatchObject({ status: "Awaiting payment", payment_status: "awaiting" });
    });
    await shopperSees(placed("check"), then("OrderCheckReceived", { amountCents: 5000 })).then(({ response }) => {
      expect(fields(response.json.page)).toMatchObject({ status: "Placed", payment_status: "paid" });
      expect(response.json.history).toMatchObject({ status: "Placed", payment_status: "paid" });
    });
  });
});
