import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { paymentGatewayFor } from "../payments/gateway-for-config.ts";
import { type Config, loadConfig } from "../platform/config.ts";
import { apiSpec } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { BOOK, CHECKOUT_CATALOG, GOOD_CARD, throughShipping } from "./checkout-fixtures.ts";

// The gateway a server would build from its environment (server.ts: paymentGatewayFor(config)); each
// test sets the environment before its scenario starts the app.
let settings: Config;
const spec = apiSpec((deps) => createApp({ ...deps, paymentGateway: paymentGatewayFor(settings) }));
const onPostgres = (env: Record<string, string> = {}) =>
  loadConfig({ DATABASE_URL: "postgres://shop@db.example.org:5432/shop", ...env });
const C = "/api/store/shop/checkout/";
const edna = signedInUser("edna@example.org", "Edna Editor");
const types = (events: Array<{ type: string }>) => events.map((e) => e.type);
const NOT_SET_UP = "Card payments are not set up on this shop yet. Please choose another payment method or contact us.";

describe("PAYMENT_GATEWAY on a PostgreSQL server", () => {
  it("security 6: with DATABASE_URL and no PAYMENT_GATEWAY, 4111 1111 1111 1111 is refused: no order, no stock taken", () => {
    settings = onPostgres();
    return spec
      .given(...CHECKOUT_CATALOG)
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        const summary = await shopper.get(`${C}payment/`);
        expect(summary.json.payment_types).toEqual(["check"]);
        return shopper.post(`${C}payment/`, { ...GOOD_CARD, card_number: "4111 1111 1111 1111" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata).toMatchObject({
          success: false,
          code: "PAYMENT_NOT_CONFIGURED",
          message: NOT_SET_UP,
          errors: [`payment_type: ${NOT_SET_UP}`],
        });
        const written = types(newEvents);
        expect(written).not.toContain("OrderPlaced");
        expect(written).not.toContain("SkuStockChanged");
        expect(written).not.toContain("CheckoutPaymentStarted");
      });
  });

  it("security 6: with no card gateway a check still places the order, not in test mode", () => {
    settings = onPostgres();
    return spec
      .given(...CHECKOUT_CATALOG)
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        const placed = await shopper.post(`${C}payment/`, { payment_type: "check" });
        expect(placed.status).toBe(200);
        return shopper.get(`/api/store/shop/orders/${placed.json.order.number}/`);
      })
      .then(({ response }) => {
        expect(response.json.order).toMatchObject({ payment: { type: "check" }, test_mode: false });
      });
  });

  it("security 6: with PAYMENT_GATEWAY=test the card pays, and the shopper's and the staff's order pages say test mode", () => {
    settings = onPostgres({ PAYMENT_GATEWAY: "test" });
    return spec
      .given(...CHECKOUT_CATALOG, edna)
      .when(async (http) => {
        const shopper = http.visitor();
        await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        await throughShipping(shopper);
        expect((await shopper.get(`${C}payment/`)).json.payment_types).toEqual(["card", "check"]);
        const placed = await shopper.post(`${C}payment/`, GOOD_CARD);
        expect(placed.status).toBe(200);
        const number = placed.json.order.number;
        const page = await shopper.get(`/api/store/shop/orders/${number}/`);
        expect(page.json.order).toMatchObject({ payment: { type: "card", status: "paid" }, test_mode: true });
        return http.as(edna).get(`/admin/api/store/order/${number}/`);
      })
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ test_mode: true, order: { test_mode: true } });
      });
  });
});
