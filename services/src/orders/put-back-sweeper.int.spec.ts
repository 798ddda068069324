import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStream, type OrderEvent } from "@shop/shared";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { FIXTURE_ORDER, orderPlaced } from "./order-fixtures.ts";

const by = { id: "u1", name: "Edna Editor" };

/** An order that took 2 of SKU 700 (1 left), was cancelled just now, and whose process died after OrderReleased. */
function killedAfterRelease(now: Date): OrderEvent[] {
  const placed = orderPlaced("card");
  if (placed.type !== "OrderPlaced") throw new Error("fixture");
  const at = now.toISOString();
  const held = { stock: [{ skuId: 700, quantity: 2 }], discountClaims: [] };
  return [
    { ...placed, data: { ...placed.data, held } } as OrderEvent,
    { type: "OrderCancelled", data: { number: FIXTURE_ORDER, reason: "asked", by, at } },
    { type: "OrderReleased", data: { number: FIXTURE_ORDER, ...held, at, byOrder: true } },
  ];
}

describe.each(testBackends())("the leader's put-back sweep on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place, { putBacksEveryMs: 100 });
    for (const given of [
      productGiven(7, { title: "Last Copies" }),
      ...skuGiven(700, "10-7-700", { productId: 7, priceCents: 1000, stock: 1 }),
    ])
      await server.store.append(given.streamId, [{ type: given.type, data: given.data, metadata: {} }]);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("money 1: a process killed after OrderReleased, before the stock: the leader's sweep puts it back, once", async () => {
    await server.store.append(
      orderStream(FIXTURE_ORDER),
      killedAfterRelease(new Date()).map((e) => ({ type: e.type, data: e.data, metadata: {} })),
    );
    const stockChanges = async () =>
      (await server.store.readStream("sku-700")).filter((e) => e.type === "SkuStockChanged").map((e) => e.data);
    const deadline = Date.now() + 10_000;
    while ((await stockChanges()).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    // A few more sweeps: each finds the put-back done and gives nothing back again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await stockChanges()).toEqual([
      expect.objectContaining({ stock: 3, releasedFor: orderStream(FIXTURE_ORDER) }),
    ]);
  }, 30_000);
});
