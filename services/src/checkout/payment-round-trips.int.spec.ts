import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuickDonationRequest, quickCheckoutStream, type EventStore } from "@shop/shared";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import type { RunningServer } from "../server.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { GIFT, GOOD_CARD, givenCatalogAndCampaign } from "./checkout-fixtures.ts";
import { submitQuickDonation } from "./quick-donation-service.ts";
import { quickCheckoutDeps } from "../testing/quick-checkout-deps.ts";

// Issue 28, point 3 (fewer round trips): a double submit's twin in the process that runs the attempt
// waits for the attempt to end instead of loading its log again every 50 ms while it runs; the place
// step reads its streams together.

const { payment_type: _card, ...CARD } = GOOD_CARD;
const FORM = QuickDonationRequest.parse({ fund: GIFT, amount: "12.50", email: "twin@example.org", ...CARD });
const GATEWAY_MS = 800;

describe.skipIf(!testDatabaseUrl())("a payment's round trips (PostgreSQL)", () => {
  let place: TestServerPlace;
  let server: RunningServer;

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    await givenCatalogAndCampaign(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (place) await removeTestPlace(place);
  });

  const depsOf = (store: EventStore, gateway: PaymentGateway) => quickCheckoutDeps(server.database.db, store, gateway);

  it("spec 28.3 the place step's quiet streams are read together while the gateway captures, not after it", async () => {
    let inFlight = 0;
    const besideMailRead: number[] = [];
    const happened: string[] = [];
    const store = new Proxy(server.store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (name !== "readStream" || typeof value !== "function") return value;
        return async (id: string, options?: unknown) => {
          if (id.startsWith("mail-order-confirmation-")) {
            besideMailRead.push(inFlight);
            happened.push("mail read");
          }
          inFlight++;
          try {
            return await value.call(target, id, options);
          } finally {
            inFlight--;
          }
        };
      },
    }) as EventStore;
    const gateway = createTestGateway();
    const capturing: PaymentGateway = {
      ...gateway,
      async capture(reference, amountCents) {
        happened.push("capture asked");
        await new Promise((r) => setTimeout(r, 100));
        await gateway.capture(reference, amountCents);
        happened.push("capture answered");
      },
    };
    const request = {
      idempotencyKey: "place-reads-1",
      userId: null,
      cartId: "place-reads",
      address: "127.0.0.5",
      metadata: {},
    };
    await submitQuickDonation(depsOf(store, capturing), FORM, request);
    // Read once, while the capture was in flight (before: after it), beside the quick checkout's log.
    expect(happened.filter((h) => h === "mail read")).toHaveLength(1);
    expect(happened.indexOf("mail read")).toBeLessThan(happened.indexOf("capture answered"));
    expect(besideMailRead).toHaveLength(1);
    expect(besideMailRead[0]).toBeGreaterThanOrEqual(1);
  });

  it("spec 28.3 the card's record in the journal appends at the claim's version, without reading the journal", async () => {
    const happened: string[] = [];
    const store = new Proxy(server.store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (name === "readStream" && typeof value === "function")
          return (id: string, options?: unknown) => {
            if (id.startsWith("payment-attempt-")) happened.push("journal read");
            return value.call(target, id, options);
          };
        if (name === "append" && typeof value === "function")
          return (id: string, events: Array<{ type: string }>, options?: unknown) => {
            if (events.some((e) => e.type === "PaymentAttemptAuthorised")) happened.push("authorised");
            return value.call(target, id, events, options);
          };
        return value;
      },
    }) as EventStore;
    const request = {
      idempotencyKey: "journal-reads-1",
      userId: null,
      cartId: "journal-reads",
      address: "127.0.0.6",
      metadata: {},
    };
    const { answer } = await submitQuickDonation(depsOf(store, createTestGateway()), FORM, request);
    expect(answer.metadata.success).toBe(true);
    expect(happened.slice(0, happened.indexOf("authorised") + 1)).toEqual(["authorised"]);
  });

  it("spec 28.3 a double submit's twin in the same process waits for the attempt, not re-reading its log every 50 ms", async () => {
    const key = "twin-wait-1";
    const stream = quickCheckoutStream(key);
    let logReads = 0;
    const store = new Proxy(server.store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (name !== "readStream" || typeof value !== "function") return value;
        return (id: string, options?: unknown) => {
          if (id === stream) logReads++;
          return value.call(target, id, options);
        };
      },
    }) as EventStore;
    // The card takes a while at the gateway: the twin arrives while the attempt runs.
    const test = createTestGateway();
    const gateway: PaymentGateway = {
      ...test,
      async authorise(request) {
        await new Promise((r) => setTimeout(r, GATEWAY_MS));
        return test.authorise(request);
      },
    };
    const deps = depsOf(store, gateway);
    const request = { idempotencyKey: key, userId: null, cartId: "twin-cart", address: "127.0.0.4", metadata: {} };
    const [a, b] = await Promise.all([
      submitQuickDonation(deps, FORM, request),
      submitQuickDonation(deps, FORM, request),
    ]);
    expect(b.answer.order.number).toBe(a.answer.order.number);
    expect([...test.charges.values()]).toHaveLength(1);
    // Each submit loads the log once, the place step reads it, the twin loads it again when the
    // attempt ended: polling would read it GATEWAY_MS / 50 = 16 times more.
    expect(logReads).toBeLessThanOrEqual(4);
  });
});
