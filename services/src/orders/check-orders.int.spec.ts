import type { Socket } from "socket.io-client";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ThermometerMessage } from "@shop/shared";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { BILLING, CHECKOUT_CATALOG, GIFT, GOOD_CARD, SAME_AS_BILLING } from "../checkout/checkout-fixtures.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { openSocket, signedInClient } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const C = "/api/store/shop/checkout/";
const ORDERS = "/admin/api/store/order/";
const DAY = 86_400_000;
/** Three copies left of a $10 book: what a check order can hoard. */
const LAST_COPIES = "10-7-700";
const CATALOG = [
  ...CHECKOUT_CATALOG,
  productGiven(7, { title: "Last Copies" }),
  ...skuGiven(700, LAST_COPIES, { productId: 7, priceCents: 1000, stock: 3 }),
];

/** A visitor's cart with `query` added, through billing, delivery and shipping, at the payment step. */
async function atPayment(url: string, query: string, billing = BILLING) {
  const shopper = new TestClient(url);
  await shopper.get(`/api/store/shop/add-to-cart/?${query}`);
  expect((await shopper.post(`${C}info/`, billing)).json.step).toBe(2);
  const ship = {
    ...SAME_AS_BILLING,
    ship_first_name: billing.first_name,
    ship_last_name: billing.last_name,
    ship_street1: billing.street1,
    digital_email: billing.email,
  };
  const delivery = await shopper.post(`${C}delivery/`, ship);
  if (delivery.json.step === 3) await shopper.post(`${C}shipping/`, { shipping_method: "standard" });
  return shopper;
}

describe.each(testBackends())("unpaid check orders on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let staff: TestClient;
  let socket: Socket;
  let offsetMs = 0;
  const pushes: ThermometerMessage[] = [];
  const settle = async () => void (await server.runner.waitFor(await server.store.head()));
  const mails = async (to: string) =>
    ((await staff.get(`/admin/api/mailbox/?to=${encodeURIComponent(to)}`)).json.items ?? []) as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
  const record = (number: string) => staff.get(`${ORDERS}${number}/`);
  const checkReceived = async (number: string) => {
    const page = await record(number);
    return staff.post(`${ORDERS}${number}/check-received/`, { expected_version: page.json.version });
  };

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, {
      clock: () => new Date(Date.now() + offsetMs),
      checkHoldsEveryMs: 100,
    });
    for (const given of CATALOG)
      await server.store.append(given.streamId, [{ type: given.type, data: given.data, metadata: {} }]);
    staff = (await signedInClient(server, "staff@example.org", "Staff")).client;
    const created = await staff.post("/admin/api/store/campaign/", {
      slug: "ark-main",
      name: "Build the Ark",
      goal_cents: 100_000,
    });
    expect(created.status).toBe(201);
    await settle();
    socket = await openSocket(server.url, "/public");
    socket.on("thermometer", (m: ThermometerMessage) => pushes.push(m));
    socket.emit("join", { campaign: "ark-main" });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the join reaches the server first
  }, 180_000);
  afterAll(async () => {
    socket?.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("security 4: a $1,000,000 gift by check moves no thermometer until staff record the check as received", async () => {
    const pledger = await atPayment(server.url, `${GIFT}=1000000`);
    const placed = await pledger.post(`${C}payment/`, { payment_type: "check" });
    expect(placed.json.metadata.success).toBe(true);
    const number: string = placed.json.order.number;
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 300)); // a push would have gone by now

    const status = await new TestClient(server.url).get("/api/store/campaign-status/?campaign=ark-main");
    expect(status.json).toMatchObject({ raised_cents: 0, donors: 0 });
    const row = await sql<{
      raised_cents: string | number;
    }>`SELECT raised_cents FROM campaigns WHERE slug = 'ark-main'`.execute(server.database.db);
    expect(Number(row.rows[0]!.raised_cents)).toBe(0);
    expect(pushes.filter((m) => m.raised_cents > 0)).toEqual([]);

    const received = await checkReceived(number);
    expect(received.status).toBe(200);
    expect(received.json).toMatchObject({ status: "Placed", payment_status: "paid", hold_until: null });
    await expect.poll(() => pushes.map((m) => m.raised_cents), { timeout: 5000 }).toContain(100_000_000);
    expect(pushes.at(-1)).toMatchObject({ campaign: "ark-main", raised_cents: 100_000_000, donors: 1 });
    const after = await new TestClient(server.url).get("/api/store/campaign-status/?campaign=ark-main");
    expect(after.json).toMatchObject({ raised_cents: 100_000_000, donors: 1 });
  });

  it("security 8: a guest's unpaid check order mails only the order number, the amount and how to pay", async () => {
    const typed = {
      ...BILLING,
      first_name: "WIN A PRIZE",
      last_name: "at http://evil.example/claim",
      street1: "Call +1 555 0100 now",
      org_name: "Free Money Inc",
      email: "victim@example.org",
    };
    const guest = await atPayment(server.url, `${LAST_COPIES}=1`, typed);
    const placed = await guest.post(`${C}payment/`, { payment_type: "check" });
    expect(placed.json.metadata.success).toBe(true);
    const number: string = placed.json.order.number;
    await settle();

    const [mail, ...more] = await mails("victim@example.org");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: "victim@example.org", subject: `Your order ${number}: awaiting payment` });
    expect(mail!.text).toContain(`Thank you for your order ${number}.`);
    expect(mail!.text).toContain("for $15.99,"); // the book and standard shipping
    for (const text of ["WIN A PRIZE", "evil.example", "555 0100", "Free Money", "Petersburg", "Last Copies"])
      expect(mail!.text).not.toContain(text);

    // Paid: now the buyer gets the whole confirmation.
    expect((await checkReceived(number)).status).toBe(200);
    await settle();
    const full = (await mails("victim@example.org")).find((m) => m.subject === `Your order ${number}`);
    expect(full?.text).toContain("Dear WIN A PRIZE at http://evil.example/claim,");
  });

  it("security 5: a check order holds the last copies for CHECK_HOLD_DAYS, then the server cancels it, puts them back and mails the buyer", async () => {
    const hoarder = await atPayment(server.url, `${LAST_COPIES}=2`, { ...BILLING, email: "hoarder@example.org" });
    const buyer = await atPayment(server.url, `${LAST_COPIES}=1`, { ...BILLING, email: "buyer@example.org" });
    const placedAt = Date.now() + offsetMs;
    const held = await hoarder.post(`${C}payment/`, { payment_type: "check" });
    expect(held.json.metadata.success).toBe(true);
    const number: string = held.json.order.number;
    await settle();

    // Staff see when the hold ends; meanwhile the copies are held.
    const page = await record(number);
    expect(page.json).toMatchObject({ status: "Awaiting payment", payment_status: "awaiting" });
    expect(Date.parse(page.json.hold_until) - placedAt).toBeGreaterThanOrEqual(14 * DAY - 5000);
    expect(Date.parse(page.json.hold_until) - placedAt).toBeLessThanOrEqual(14 * DAY + 5000);
    const soldOut = await buyer.post(`${C}payment/`, GOOD_CARD);
    expect(soldOut.status).toBe(409);
    expect(soldOut.json.metadata.code).toBe("ORDER_SOLD_OUT");

    // One day before the end, nothing happens; past it, the server cancels the order.
    offsetMs += 13 * DAY;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await record(number)).json.status).toBe("Awaiting payment");
    offsetMs += 2 * DAY;
    const late = (await signedInClient(server, "late@example.org", "Late Staff")).client; // 14-day sessions ended
    await expect
      .poll(async () => (await late.get(`${ORDERS}${number}/`)).json.status, { timeout: 10_000 })
      .toBe("Cancelled");
    await settle();
    const cancelled = await late.get(`${ORDERS}${number}/`);
    expect(cancelled.json).toMatchObject({ status: "Cancelled", hold_until: null });
    const history = (await late.get(`${ORDERS}${number}/history/`)).json.items.map((i: { type: string }) => i.type);
    expect(history).toEqual(["OrderPlaced", "OrderHoldExpired", "OrderReleased"]);

    const mailbox = (await late.get("/admin/api/mailbox/?to=hoarder@example.org")).json.items as Array<{
      subject: string;
      text: string;
    }>;
    const notice = mailbox.find((m) => m.subject === `Your order ${number} was cancelled`);
    expect(notice?.text).toContain("Nothing is owed.");

    // The copies are back: the buyer who was told 'sold out' can buy.
    const bought = await buyer.post(`${C}payment/`, GOOD_CARD);
    expect(bought.status).toBe(200);
    expect(bought.json.metadata.success).toBe(true);
  });
});
