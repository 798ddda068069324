import { describe, expect, it } from "vitest";
import { discountUsesStream, orderStream, type EventStore, type OrderEvent } from "@shop/shared";
import { skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { createInMemoryEventStore } from "../eventstore/in-memory-event-store.ts";
import { putBack } from "./after-sale.ts";
import { FIXTURE_ORDER, orderCancelled, orderPlaced } from "./order-fixtures.ts";

const at = "2026-11-24T09:00:00.000Z";
const clock = () => new Date("2026-11-24T10:00:00.000Z");

/** The fixtures' card order that took 2 of SKU 7 (8 left) and one use of SAVE5, then cancelled. */
async function cancelledOrder(release: OrderEvent | null): Promise<EventStore> {
  const store = createInMemoryEventStore();
  for (const e of skuGiven(7, "POSTER", { priceCents: 2500, productId: 70, stock: 8 }))
    await store.append(e.streamId, [{ type: e.type, data: e.data }]);
  await store.append(discountUsesStream("SAVE5"), [
    { type: "DiscountUseClaimed", data: { code: "SAVE5", claimId: "k1", customer: "ann@example.org", at } },
  ]);
  const placed = orderPlaced("card");
  if (placed.type !== "OrderPlaced") throw new Error("fixture");
  const held = { stock: [{ skuId: 7, quantity: 2 }], discountClaims: [{ code: "SAVE5", claimId: "k1" }] };
  const events: OrderEvent[] = [{ ...placed, data: { ...placed.data, held } } as OrderEvent, orderCancelled];
  if (release) events.push(release);
  await store.append(
    orderStream(FIXTURE_ORDER),
    events.map((e) => ({ type: e.type, data: e.data })),
  );
  return store;
}

const stockEvents = async (store: EventStore) =>
  (await store.readStream("sku-7")).filter((e) => e.type === "SkuStockChanged").map((e) => e.data);
const useReleases = async (store: EventStore) =>
  (await store.readStream(discountUsesStream("SAVE5"))).filter((e) => e.type === "DiscountUseReleased");

describe("money 1: stock put back by a cancel or refund is idempotent", () => {
  it("money 1: a put-back names the order in the stock event, and running it again gives back nothing more", async () => {
    const store = await cancelledOrder(null);
    await putBack({ store, clock }, FIXTURE_ORDER, {});
    await putBack({ store, clock }, FIXTURE_ORDER, {});
    expect(await stockEvents(store)).toEqual([
      expect.objectContaining({ stock: 10, releasedFor: orderStream(FIXTURE_ORDER) }),
    ]);
    expect(await useReleases(store)).toHaveLength(1);
  });

  it("money 1: a process killed after OrderReleased, before the stock and uses: the next put-back finishes it once", async () => {
    const killedAfterRelease: OrderEvent = {
      type: "OrderReleased",
      data: {
        number: FIXTURE_ORDER,
        stock: [{ skuId: 7, quantity: 2 }],
        discountClaims: [{ code: "SAVE5", claimId: "k1" }],
        at,
        byOrder: true,
      },
    };
    const store = await cancelledOrder(killedAfterRelease);
    await putBack({ store, clock }, FIXTURE_ORDER, {});
    await putBack({ store, clock }, FIXTURE_ORDER, {});
    expect(await stockEvents(store)).toEqual([expect.objectContaining({ stock: 10 })]);
    expect(await useReleases(store)).toHaveLength(1);
  });

  it("money 1: a release written before orders were named is not put back a second time", async () => {
    const oldRelease: OrderEvent = {
      type: "OrderReleased",
      data: { number: FIXTURE_ORDER, stock: [{ skuId: 7, quantity: 2 }], discountClaims: [], at },
    };
    const store = await cancelledOrder(oldRelease);
    await putBack({ store, clock }, FIXTURE_ORDER, {});
    expect(await stockEvents(store)).toEqual([]);
  });
});
