import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  discountStream,
  discountUsesStream,
  orderStream,
  stripeEventStream,
  type ThermometerMessage,
} from "@shop/shared";
import { discount } from "../cart/cart-fixtures.ts";
import { BOOK, CHECKOUT_CATALOG, GIFT, GOOD_CARD, throughShipping } from "../checkout/checkout-fixtures.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { adminSocket, nextPush, openSocket, signedInClient } from "../testing/server-kit.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { deliverStripeEvent, stripeEventFixture } from "./stripe-webhook-fixtures.ts";
import { writtenSince } from "../testing/written-since.ts";

const SECRET = "whsec_int_spec_secret";
const C = "/api/store/shop/checkout/";
const ORDERS = "/admin/api/store/order/";
const now = () => Math.floor(Date.now() / 1000);

/**
 * The whole server (CSRF check, body parsers, projections, live pushes) with STRIPE_WEBHOOK_SECRET set
 * and the test card gateway: orders are placed through the real checkout, then Stripe's recorded
 * notices are posted about their payment reference, as Stripe would about its PaymentIntent.
 */
describe("money 2: Stripe webhooks on a running server", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  let staffSocket: Socket;
  let publicSocket: Socket;
  const thermometer: ThermometerMessage[] = [];
  const settle = async () => void (await server.runner.waitFor(await server.store.head()));
  const typesOf = async (stream: string) => (await server.store.readStream(stream)).map((e) => e.type);
  const stockOf = async (skuId: number) =>
    ((await server.store.readStream(`sku-${skuId}`)).at(-1)!.data as { stock: number }).stock;
  const raised = async () =>
    (await new TestClient(server.url).get("/api/store/campaign-status/?campaign=ark-main")).json.raised_cents;
  const deliver = (event: unknown) => deliverStripeEvent(server.url, event, { secret: SECRET, t: now() });

  /** A card order of two books and a $20 gift, 10% off with the limited code FIRST3: its number, reference, total. */
  async function paidOrder(email: string) {
    const shopper = new TestClient(server.url);
    await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
    await shopper.get(`/api/store/shop/add-to-cart/?${GIFT}=20`);
    await shopper.get('/api/store/shop/apply-discounts/?discounts=["FIRST3"]');
    await throughShipping(shopper);
    const paid = await shopper.post(`${C}payment/`, { ...GOOD_CARD, name_on_card: email });
    expect(paid.status).toBe(200);
    const number: string = paid.json.order.number;
    await settle();
    const row = await server.database.db
      .selectFrom("orders")
      .select(["payment_reference", "paid_cents"])
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    return { number, reference: row.payment_reference!, paidCents: Number(row.paid_cents) };
  }

  beforeAll(async () => {
    place = newTestPlace({ pglite: !testDatabaseUrl() });
    server = await startTestServer(place, { stripeWebhookSecret: SECRET });
    const { id, ...terms } = discount("FIRST3", { maxUses: 3 });
    const at = new Date().toISOString();
    for (const e of [
      ...CHECKOUT_CATALOG,
      { streamId: discountStream("FIRST3"), type: "DiscountCreated", data: { ...terms, id, createdAt: at, by: null } },
    ])
      await server.store.append(e.streamId, [{ type: e.type, data: e.data, metadata: {} }]);
    staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
    const created = await staff.post("/admin/api/store/campaign/", {
      slug: "ark-main",
      name: "Build the Ark",
      goal_cents: 100_000,
    });
    expect(created.status).toBe(201);
    await settle();
    staffSocket = await adminSocket(server.url, staff.cookieHeader);
    publicSocket = await openSocket(server.url, "/public");
    publicSocket.on("thermometer", (m: ThermometerMessage) => thermometer.push(m));
    publicSocket.emit("join", { campaign: "ark-main" });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the join reaches the server first
  }, 180_000);
  afterAll(async () => {
    staffSocket?.disconnect();
    publicSocket?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("money 2: a refund made in Stripe's dashboard moves stock, the code's use and the gift back, exactly once", async () => {
    const stockBefore = await stockOf(100);
    const { number, reference, paidCents } = await paidOrder("refund@example.org");
    expect(await stockOf(100)).toBe(stockBefore - 2);
    expect(await typesOf(discountUsesStream("FIRST3"))).toEqual(["DiscountUseClaimed"]);
    const raisedBefore = await raised();
    expect(raisedBefore).toBeGreaterThan(0);

    const refunded = stripeEventFixture("charge-refunded", {
      id: "evt_int_refund",
      paymentIntent: reference,
      amountCents: paidCents,
      amountRefundedCents: paidCents,
    });
    const answer = await deliver(refunded);
    expect([answer.status, answer.json]).toEqual([200, { metadata: { success: true }, received: true }]);
    await settle();
    expect(await stockOf(100)).toBe(stockBefore);
    expect(await typesOf(discountUsesStream("FIRST3"))).toEqual(["DiscountUseClaimed", "DiscountUseReleased"]);
    await expect.poll(raised, { timeout: 5000 }).toBe(raisedBefore - 2000);
    await expect.poll(() => thermometer.at(-1)?.raised_cents, { timeout: 5000 }).toBe(raisedBefore - 2000);
    const page = await staff.get(`${ORDERS}${number}/`);
    expect(page.json).toMatchObject({ state: "refunded", refunded_cents: paidCents });

    // Stripe redelivers the same event, then sends another charge.refunded about the same refund.
    const pushesBefore = thermometer.length;
    expect((await deliver(refunded)).json).toEqual({ metadata: { success: true }, received: true, duplicate: true });
    expect((await deliver({ ...refunded, id: "evt_int_refund_again" })).status).toBe(200);
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 300)); // a push would have gone by now
    expect((await typesOf(orderStream(number))).filter((t) => t === "OrderRefunded")).toHaveLength(1);
    expect(await stockOf(100)).toBe(stockBefore);
    expect(await typesOf(discountUsesStream("FIRST3"))).toEqual(["DiscountUseClaimed", "DiscountUseReleased"]);
    expect(await raised()).toBe(raisedBefore - 2000);
    expect(thermometer.slice(pushesBefore).filter((m) => m.raised_cents !== raisedBefore - 2000)).toEqual([]);
    expect(await typesOf(stripeEventStream("evt_int_refund"))).toEqual(["StripeEventTaken"]);
  }, 60_000);

  it("money 2: a dispute opened in Stripe flags the order for staff, pushed live", async () => {
    const { number, reference, paidCents } = await paidOrder("dispute@example.org");
    const pushed = nextPush<{ number: string; type: string }>(
      staffSocket,
      "order:changed",
      (m) => m.number === number && m.type === "OrderDisputeOpened",
    );
    const disputed = stripeEventFixture("charge-dispute-created", {
      id: "evt_int_dispute",
      paymentIntent: reference,
      amountCents: paidCents,
    });
    expect((await deliver(disputed)).status).toBe(200);
    await expect(pushed).resolves.toMatchObject({ number, type: "OrderDisputeOpened" });
    await settle();
    expect((await staff.get(`${ORDERS}${number}/`)).json).toMatchObject({ state: "disputed" });
    const history = (await staff.get(`${ORDERS}${number}/history/`)).json.items as Array<{ type: string }>;
    expect(history.map((i) => i.type)).toContain("OrderDisputeOpened");
    // A disputed order is frozen for staff: no ship, cancel or refund until the dispute closes.
    const page = await staff.get(`${ORDERS}${number}/`);
    const refund = await staff.post(`${ORDERS}${number}/refund/`, {
      amount_cents: 100,
      reason: "goodwill",
      expected_version: page.json.version,
    });
    expect([refund.status, refund.json.metadata.message]).toEqual([
      409,
      "A disputed order cannot be refunded in part.",
    ]);
  }, 60_000);

  it("money 2: through the whole middleware, a forged notice is refused 400 (not 403) and writes nothing", async () => {
    const { reference } = await paidOrder("forged@example.org");
    const head = await server.store.head();
    const event = stripeEventFixture("charge-refunded", { id: "evt_int_forged", paymentIntent: reference });
    for (const signing of [null, { secret: "whsec_not_ours", t: now() }, { secret: SECRET, t: now() - 301 }]) {
      const answer = await deliverStripeEvent(server.url, event, signing);
      expect(answer.status).toBe(400);
    }
    // With a staff session's cookies too: the signature is the check, the session grants nothing.
    const res = await fetch(`${server.url}/api/payments/stripe/webhook/`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: staff.cookieHeader },
      body: JSON.stringify(event),
    });
    expect(res.status).toBe(400);
    expect(await writtenSince(server.store, head)).toEqual([]);
  }, 60_000);
});
