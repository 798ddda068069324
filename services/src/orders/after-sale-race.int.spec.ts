import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OrderSoldOutError, orderStream, type EventStore } from "@shop/shared";
import { skuDecider } from "../catalog/sku.ts";
import { skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { foldStream } from "../platform/command-handler.ts";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { putBack } from "./after-sale.ts";
import { decideOrder, orderCommand } from "./decide.ts";
import { takeStock } from "./stock.ts";
import { ORDER_ADDRESS as address } from "./order-fixtures.ts";

const at = new Date().toISOString();
const BUYERS = 12;

/** Order 100001 took the last copy of SKU 100 (stock 0 now). */
async function lastCopySold(store: EventStore) {
  for (const given of skuGiven(100, "10-1-100", { priceCents: 1299, stock: 0 }))
    await store.append(given.streamId, [{ type: given.type, data: given.data }]);
  await store.append(orderStream("100001"), [
    {
      type: "OrderPlaced",
      schemaVersion: 1, // written before sealing: the buyer's data in clear
      data: {
        number: "100001",
        cartId: "c1",
        userId: null,
        billing: { ...address, email: "ann@example.org", org_name: "" },
        shipping: address,
        digitalEmail: null,
        lines: [],
        discounts: [],
        shippingMethod: null,
        totals: { goodsCents: 1299, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: 1299 },
        payment: {
          type: "check",
          status: "awaiting",
          gateway: null,
          brand: null,
          last4: null,
          reference: null,
          amountCents: 1299,
        },
        placedAt: at,
        held: { stock: [{ skuId: 100, quantity: 1 }], discountClaims: [] },
      },
    },
  ]);
}

// PGlite has one session: only a server shows what racing commits do to the stock.
describe.skipIf(!testDatabaseUrl())("a cancel racing buyers on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  beforeAll(async () => {
    database = await openTestDatabase({ poolSize: 20 });
    store = await createPostgresEventStore(database);
    await lastCopySold(store);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it("a cancel that frees the last copy while buyers race for it: stock never negative, never oversold", async () => {
    const deps = { store, clock: () => new Date() };
    const cancel = async () => {
      await orderCommand(store, orderStream("100001"), (state) =>
        decideOrder({ type: "Cancel", reason: "" }, state, { now: new Date(), by: { id: "u1", name: "Edna" } }),
      );
      await putBack(deps, "100001", {});
    };
    const buy = () =>
      takeStock(store, { skuId: 100, quantity: 1, title: "Book" }, at, {}).then(
        () => "bought",
        (error) => (error instanceof OrderSoldOutError ? "sold out" : Promise.reject(error)),
      );
    // Buyers before, during and after the cancel: the freed copy goes to at most one of them.
    const early = Array.from({ length: BUYERS / 2 }, buy);
    const cancelled = cancel();
    const late = Array.from({ length: BUYERS / 2 }, buy);
    const outcomes = await Promise.all([...early, ...late]);
    await cancelled;
    const bought = outcomes.filter((o) => o === "bought").length;
    const sku = foldStream(skuDecider, await store.readStream("sku-100"));
    expect(bought).toBeLessThanOrEqual(1);
    expect(sku.exists && sku.stock.stock).toBe(1 - bought);
    // Every stock the SKU ever had was 0 or more.
    const stocks = (await store.readStream("sku-100")).map((e) => (e.data as { stock: number | null }).stock);
    expect(stocks.every((s) => s !== null && s >= 0)).toBe(true);
    // One more buyer after everything settles gets the copy if nobody did.
    const after = await buy();
    expect(after).toBe(bought === 0 ? "bought" : "sold out");
  }, 60_000);
});
