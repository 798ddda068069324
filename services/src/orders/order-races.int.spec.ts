import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";
import { discount } from "../cart/cart-fixtures.ts";
import { BILLING, BOOK, CHECKOUT_CATALOG, GOOD_CARD, throughShipping } from "../checkout/checkout-fixtures.ts";
import { TestClient } from "../testing/http-client.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const C = "/api/store/shop/checkout/";
let server: RunningServer;

/** Shoppers each with the book in their cart, standing at step 4. */
async function shoppersAtPayment(url: string, count: number, cart: string, billing = BILLING) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const shopper = new TestClient(url);
      await shopper.get(cart);
      await shopper.post(`${C}info/`, { ...billing, email: billing.email.replace("@", `+${i}@`) });
      await throughShipping(shopper);
      return shopper;
    }),
  );
}

const countOf = async (type: string) => {
  const row = await server.database.db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("type", "=", type)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe.skipIf(!testDatabaseUrl())("orders racing on PostgreSQL", () => {
  let place: TestServerPlace;
  let second: RunningServer;
  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    const { id, ...terms } = discount("FIRST3", { maxUses: 3 });
    const once = discount("ONCE", { id: 2, maxUsesPerCustomer: 1 });
    const { id: _, ...onceTerms } = once;
    const at = new Date().toISOString();
    const givens = [
      ...CHECKOUT_CATALOG,
      { streamId: discountStream("FIRST3"), type: "DiscountCreated", data: { ...terms, id, createdAt: at, by: null } },
      {
        streamId: discountStream("ONCE"),
        type: "DiscountCreated",
        data: { ...onceTerms, id: 2, createdAt: at, by: null },
      },
    ];
    let last = null;
    for (const e of givens)
      ({ position: last } = await server.store.append(e.streamId, [{ type: e.type, data: e.data }]));
    await server.runner.waitFor(last!);
    second = await startTestServer(place); // two processes on one log: they meet only at expected versions
    await second.runner.waitFor(await server.store.head());
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await removeTestPlace(place);
  });

  it("20 buyers racing for the last 5 copies: exactly 5 orders, the others told it sold out, nothing charged", async () => {
    const shoppers = await shoppersAtPayment(server.url, 20, `/api/store/shop/add-to-cart/?${BOOK}=1`);
    const across = shoppers.map((s, i) => {
      const other = new TestClient(i % 2 ? second.url : server.url);
      for (const [k, v] of s.cookies) other.cookies.set(k, v);
      return other;
    });
    const answers = await Promise.all(across.map((s) => s.post(`${C}payment/`, GOOD_CARD)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 200).map((a) => a.json.metadata.message);
    expect(new Set(refused)).toEqual(new Set(['Sorry, "Noah\'s Ark Book" is sold out.']));
    const numbers = answers.filter((a) => a.status === 200).map((a) => a.json.order.number);
    expect(new Set(numbers).size).toBe(5);
    expect(await countOf("OrderPlaced")).toBe(5);
    const sku = await server.store.readStream("sku-100");
    expect(sku.at(-1)?.data).toMatchObject({ stock: 0 });
  }, 120_000);

  it("a discount used at most 3 times: 10 buyers at once give 3 discounted orders", async () => {
    const shoppers = await shoppersAtPayment(server.url, 10, `/api/store/shop/add-to-cart/?40-500=1`);
    for (const s of shoppers) await s.get('/api/store/shop/apply-discounts/?discounts=["FIRST3"]');
    for (const s of shoppers) await throughShipping(s); // the code changed the cart: shipping again
    const answers = await Promise.all(shoppers.map((s) => s.post(`${C}payment/`, GOOD_CARD)));
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.json.metadata.message))).toEqual(
      new Set(["The discount FIRST3 has been used up."]),
    );
  }, 120_000);

  it("a discount once per customer: one customer's 5 checkouts at once give one discounted order", async () => {
    const same = { ...BILLING, email: "once@example.org" };
    const shoppers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const s = new TestClient(server.url);
        await s.get("/api/store/shop/add-to-cart/?40-500=1");
        await s.get('/api/store/shop/apply-discounts/?discounts=["ONCE"]');
        await s.post(`${C}info/`, same);
        await s.post(`${C}delivery/`, { digital_email: same.email });
        return s;
      }),
    );
    const answers = await Promise.all(shoppers.map((s) => s.post(`${C}payment/`, GOOD_CARD)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  }, 120_000);

  it("a double-clicked submit through both processes gives one order and one charge", async () => {
    const [shopper] = await shoppersAtPayment(server.url, 1, "/api/store/shop/add-to-cart/?40-500=1");
    const twin = new TestClient(second.url);
    for (const [k, v] of shopper.cookies) twin.cookies.set(k, v);
    const ordersBefore = await countOf("OrderPlaced");
    const startsBefore = await countOf("CheckoutPaymentStarted");
    const answers = await Promise.all([
      shopper.post(`${C}payment/`, GOOD_CARD),
      twin.post(`${C}payment/`, GOOD_CARD),
      shopper.post(`${C}payment/`, GOOD_CARD),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.order.number)).size).toBe(1);
    expect(await countOf("OrderPlaced")).toBe(ordersBefore + 1);
    expect(await countOf("CheckoutPaymentStarted")).toBe(startsBefore + 1);
  }, 120_000);

  it("no card number or CVV in the events table after the checkouts above", async () => {
    const leaked = await sql<{ n: string }>`SELECT count(*)::text AS n FROM events
      WHERE data::text ~ '4242 ?4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002' OR data::text LIKE '%"cvv"%'`.execute(
      server.database.db,
    );
    expect(leaked.rows[0].n).toBe("0");
    expect(await countOf("OrderPlaced")).toBeGreaterThan(0);
  });
});
