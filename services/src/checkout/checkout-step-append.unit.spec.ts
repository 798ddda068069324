import { describe, expect, it } from "vitest";
import { checkoutStream, WrongExpectedVersionError, type CheckoutEvent, type EventStore } from "@shop/shared";
import { createEventRegistry } from "../event-registry.ts";
import { createInMemoryEventStore } from "../eventstore/in-memory-event-store.ts";
import { foldStream } from "../platform/command-handler.ts";
import { checkoutDecider } from "./checkout.ts";
import { appendCheckout } from "./checkout-service.ts";

// Issue 28, point 3: a checkout step appends at the version its load read, without reading the
// checkout's stream again; the append's expected version still refuses a step loaded before another.

const at = "2026-01-01T00:00:00.000Z";
const shipping = (method: string): CheckoutEvent => ({
  type: "CheckoutShippingChosen",
  data: { method, label: method, cents: 500, cartVersion: 1, at },
});

function countingReads(store: EventStore) {
  const reads: string[] = [];
  const counted = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (name !== "readStream" || typeof value !== "function") return value;
      return (id: string, options?: unknown) => {
        reads.push(id);
        return value.call(target, id, options);
      };
    },
  }) as EventStore;
  return { store: counted, reads };
}

describe("a checkout step's append", () => {
  it("spec 28.3 appends at the loaded version without reading the checkout again", async () => {
    const { store, reads } = countingReads(createInMemoryEventStore({ codec: createEventRegistry() }));
    const stream = checkoutStream("cart-1");
    const empty = foldStream(checkoutDecider, []);
    await appendCheckout({ store }, "cart-1", empty, [shipping("standard")], {});
    const loaded = foldStream(checkoutDecider, await store.readStream(stream));
    await appendCheckout({ store }, "cart-1", loaded, [shipping("express")], {});
    expect(reads).toEqual([stream]); // the test's own load, nothing more
    expect((await store.readStream(stream)).map((e) => e.data)).toMatchObject([
      { method: "standard" },
      { method: "express" },
    ]);
  });

  it("refuses a step loaded before another step's append (409), on a new checkout and on a begun one", async () => {
    const { store } = countingReads(createInMemoryEventStore({ codec: createEventRegistry() }));
    const empty = foldStream(checkoutDecider, []);
    await appendCheckout({ store }, "cart-2", empty, [shipping("standard")], {});
    await expect(appendCheckout({ store }, "cart-2", empty, [shipping("express")], {})).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    const loaded = foldStream(checkoutDecider, await store.readStream(checkoutStream("cart-2")));
    await appendCheckout({ store }, "cart-2", loaded, [shipping("express")], {});
    await expect(appendCheckout({ store }, "cart-2", loaded, [shipping("pickup")], {})).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
  });
});
