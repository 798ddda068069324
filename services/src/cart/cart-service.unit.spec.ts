import { describe, expect, it } from "vitest";
import { cartStream, type EventStore } from "@shop/shared";
import { createInMemoryEventStore } from "../eventstore/in-memory-event-store.ts";
import { skuForCart } from "./cart-fixtures.ts";
import { runCartCommand, type CartServiceDeps } from "./cart-service.ts";
import { decideCart } from "./decide.ts";

/** The in-memory store, counting the cart streams it is asked to read. */
function countingStore(): { store: EventStore; cartReads: () => number } {
  const inner = createInMemoryEventStore();
  let reads = 0;
  const store: EventStore = {
    ...inner,
    readStream(streamId, options) {
      if (streamId.startsWith(cartStream(""))) reads++;
      return inner.readStream(streamId, options);
    },
  };
  return { store, cartReads: () => reads };
}

const shopper = { signedIn: false, groups: [] };
const add = (code: string) => (cart: Parameters<typeof decideCart>[1], context: Parameters<typeof decideCart>[2]) =>
  decideCart({ type: "AddToCart", data: { items: [{ skuCode: code, quantity: "1" }] } }, cart, context);

describe("cart commands on a cart this request made (add-to-cart's speed)", () => {
  const deps = (store: EventStore): CartServiceDeps => ({
    store,
    clock: () => new Date("2026-11-23T12:00:00Z"),
    loadSkus: async (codes) => new Map(codes.map((c) => [c, skuForCart(c)])),
  });

  it("a visitor's first add decides on an empty cart without reading its stream", async () => {
    const { store, cartReads } = countingStore();
    const outcome = await runCartCommand(
      deps(store),
      "new-cart-1",
      shopper,
      { skus: ["10-1-100"] },
      add("10-1-100"),
      {},
      {
        newCart: true,
      },
    );
    expect(cartReads()).toBe(0);
    expect(outcome.cart.lines).toMatchObject([{ skuCode: "10-1-100", quantity: 1 }]);
    expect((await store.readStream(cartStream("new-cart-1"))).map((e) => e.type)).toEqual(["CartItemAdded"]);
  });

  it("a cart id taken after all is read and decided again: the append's no-stream guards the guess", async () => {
    const { store, cartReads } = countingStore();
    await runCartCommand(deps(store), "taken", shopper, { skus: ["A-1"] }, add("A-1"), {});
    const before = cartReads();
    const outcome = await runCartCommand(
      deps(store),
      "taken",
      shopper,
      { skus: ["B-2"] },
      add("B-2"),
      {},
      {
        newCart: true,
      },
    );
    expect(cartReads()).toBe(before + 1);
    expect(outcome.cart.lines.map((l) => l.skuCode)).toEqual(["A-1", "B-2"]);
    expect(outcome.cart.version).toBe(1);
  });
});
