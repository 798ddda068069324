import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  paymentAttemptStream,
  QuickDonationRequest,
  quickCheckoutStream,
  type EventStore,
  type StreamWrite,
} from "@shop/shared";
import { migrateGatewayLedger, readLedger } from "../payments/gateway-ledger.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import type { RunningServer } from "../server.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { GIFT, GOOD_CARD, givenCatalogAndCampaign } from "./checkout-fixtures.ts";
import { settleAttempt } from "./payment-reactor.ts";
import { submitQuickDonation } from "./quick-donation-service.ts";
import { quickCheckoutDeps } from "../testing/quick-checkout-deps.ts";

// Money that must not stay taken when an order fails (issue 28, giving-day checks): answers lost on
// the way back from the gateway or the database, as they are under overload. A capture that took the
// money though its call failed is refunded; a give-back that fails leaves the attempt open for the
// payment reactor, which refunds it later; a resumed attempt that captured before its process died
// and fails now is refunded, not voided; an order whose commit landed though its answer was lost
// stands, and nothing is given back. Each against the test gateway's ledger in PostgreSQL.

const { payment_type: _card, ...CARD } = GOOD_CARD;
const FORM = QuickDonationRequest.parse({ fund: GIFT, amount: "12.50", email: "noah@example.org", ...CARD });
const LOST = "Connection terminated unexpectedly";

/**
 * The store, but the transaction holding OrderPlaced fails once: before it lands, or after (its answer
 * lost), or never answers (the process died there: it writes nothing more and undoes nothing). With
 * `lookupFails`, the next read of an order's stream after that fails too (the database still away).
 */
function placingFails(store: EventStore, when: "before" | "after" | "dies", lookupFails = false) {
  let failed = false;
  let lookedUp = false;
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "readStream" && typeof value === "function")
        return async (stream: string, ...rest: unknown[]) => {
          if (lookupFails && failed && !lookedUp && stream.startsWith("order-")) {
            lookedUp = true;
            throw new Error(LOST);
          }
          return value.call(target, stream, ...rest);
        };
      if (key !== "appendMany" || typeof value !== "function") return value;
      return async (writes: StreamWrite[]) => {
        const placing = writes.some((w) => w.events.some((e) => e.type === "OrderPlaced"));
        if (!placing || failed) return value.call(target, writes);
        failed = true;
        if (when === "dies") return new Promise<never>(() => {});
        if (when === "before") throw new Error(LOST);
        await value.call(target, writes);
        throw new Error(LOST);
      };
    },
  });
}

/** The test gateway, but some calls do their work and then fail (the answer lost), or fail outright. */
function flakyGateway(
  gateway: PaymentGateway,
  faults: { captureAnswerLost?: boolean; releaseFailsOnce?: boolean },
): PaymentGateway {
  let releaseFailed = false;
  return {
    ...gateway,
    async capture(reference, amountCents) {
      await gateway.capture(reference, amountCents);
      if (faults.captureAnswerLost) throw new Error(LOST);
    },
    async release(reference, amountCents) {
      if (faults.releaseFailsOnce && !releaseFailed) {
        releaseFailed = true;
        throw new Error(LOST);
      }
      await gateway.release!(reference, amountCents);
    },
  };
}

describe.skipIf(!testDatabaseUrl())("money: an order that fails gives back all it took (PostgreSQL)", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let round = 0;

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    await givenCatalogAndCampaign(server);
    await migrateGatewayLedger(server.database.db);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (place) await removeTestPlace(place);
  });

  const deps = (store: EventStore, gateway?: PaymentGateway) => quickCheckoutDeps(server.database.db, store, gateway);

  /** A give-now request of this round, on its own key and cart. */
  const giveRequest = (key: string) => ({
    idempotencyKey: key,
    userId: null,
    cartId: `give-back-cart-${round}`,
    address: "127.0.0.3",
    metadata: {},
  });

  /** One give-now submit on its own key; answers the key, the attempt's id and what the submit threw. */
  async function give(store: EventStore, gateway: PaymentGateway, dies = false) {
    const key = `give-back-${++round}`;
    const submitted = submitQuickDonation(deps(store, gateway), FORM, giveRequest(key)).then(
      () => null,
      (error: unknown) => error as Error,
    );
    const captured = async () => (await readLedger(server.database.db)).filter((r) => r.kind === "capture").length;
    const before = await captured();
    if (dies) await expect.poll(captured, { timeout: 10_000 }).toBeGreaterThan(before);
    const thrown = dies ? null : await submitted;
    const started = (await server.store.readStream(quickCheckoutStream(key))).find(
      (e) => e.type === "QuickCheckoutStarted",
    );
    return { key, attemptId: (started!.data as { attemptId: string }).attemptId, thrown };
  }

  /** The ledger's movements of the authorisation this attempt made, by kind. */
  async function money(attemptId: string) {
    const ledger = await readLedger(server.database.db);
    const reference = ledger.find((r) => r.kind === "authorise" && r.idempotency_key === attemptId)?.reference;
    const sum = (kind: string) =>
      ledger.filter((r) => r.reference === reference && r.kind === kind).reduce((n, r) => n + r.amount_cents, 0);
    return {
      captured: sum("capture"),
      refunded: sum("refund"),
      voided: ledger.some((r) => r.reference === reference && r.kind === "void"),
    };
  }
  const ordersOf = async (key: string) =>
    (await server.store.readStream(quickCheckoutStream(key))).filter((e) => e.type === "QuickCheckoutCompleted");
  const journalOf = async (attemptId: string) =>
    (await server.store.readStream(paymentAttemptStream(attemptId))).at(-1)?.type;

  it("money: a capture that took the money though its answer was lost is refunded when the order fails", async () => {
    const ledgerGateway = createTestGateway(server.database.db);
    const { key, attemptId, thrown } = await give(
      server.store,
      flakyGateway(ledgerGateway, { captureAnswerLost: true }),
    );
    expect(thrown?.message).toBe(LOST);
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 1250, voided: false });
    expect(await ordersOf(key)).toEqual([]);
    expect(await journalOf(attemptId)).toBe("PaymentAttemptUndone");
  });

  it("money: a give-back that fails leaves the attempt open, and the payment reactor refunds it", async () => {
    const ledgerGateway = createTestGateway(server.database.db);
    const flaky = flakyGateway(ledgerGateway, { captureAnswerLost: true, releaseFailsOnce: true });
    const { key, attemptId, thrown } = await give(server.store, flaky);
    expect(thrown?.message).toBe(LOST); // the giver hears why it failed, not that the undo failed
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 0, voided: false });
    expect(await journalOf(attemptId)).toBe("PaymentAttemptNumbered"); // not settled: still owed
    expect((await server.store.readStream(quickCheckoutStream(key))).at(-1)?.type).toBe("QuickCheckoutFailed");

    // The reactor, later: the checkout recorded the failure, so it undoes (never finishes) the attempt.
    expect(await settleAttempt(deps(server.store), attemptId)).toBe("undone");
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 1250, voided: false });
    expect(await ordersOf(key)).toEqual([]);
    expect(await journalOf(attemptId)).toBe("PaymentAttemptUndone");
    expect(await settleAttempt(deps(server.store), attemptId)).toBe("already settled");
    expect((await money(attemptId)).refunded).toBe(1250); // refunded once
  });

  it("money: an attempt resumed after its capture, whose order fails now, is refunded (a void would leave the money taken)", async () => {
    // The process dies after the capture, before the order's transaction: captured, no order, open.
    const { key, attemptId } = await give(
      placingFails(server.store, "dies"),
      createTestGateway(server.database.db),
      true,
    );
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 0, voided: false });
    expect(await journalOf(attemptId)).toBe("PaymentAttemptNumbered");
    // The reactor finishes it, but the order's transaction fails this time: the capture is given back.
    expect(await settleAttempt(deps(placingFails(server.store, "before")), attemptId)).toBe("undone");
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 1250, voided: false });
    expect(await ordersOf(key)).toEqual([]);
    expect((await server.store.readStream(quickCheckoutStream(key))).at(-1)?.type).toBe("QuickCheckoutFailed");
  });

  it("money: an order whose commit landed though its answer was lost stands, and nothing is given back", async () => {
    const { key, attemptId, thrown } = await give(
      placingFails(server.store, "after"),
      createTestGateway(server.database.db),
    );
    expect(thrown).toBeNull();
    expect(await ordersOf(key)).toHaveLength(1);
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 0, voided: false });
    expect(await journalOf(attemptId)).toBe("PaymentAttemptFinished");
  });

  it("money: a request slower than the payment reactor answers the order the reactor placed for it, and gives nothing back", async () => {
    // Under overload a request can go quiet for longer than ATTEMPT_QUIET_MS: the reactor then finishes
    // its attempt (places the order) while the request is still on its way to the same placing.
    let settled: Promise<unknown> | null = null;
    const reactorFirst = new Proxy(server.store, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "appendMany" || typeof value !== "function") return value;
        return async (writes: StreamWrite[]) => {
          const journal = writes.find((w) => w.streamId.startsWith("payment-attempt-"))?.streamId;
          if (!settled && journal && writes.some((w) => w.events.some((e) => e.type === "OrderPlaced"))) {
            settled = settleAttempt(deps(server.store), journal.slice("payment-attempt-".length));
            await settled;
          }
          return value.call(target, writes);
        };
      },
    });
    const { key, attemptId, thrown } = await give(reactorFirst, createTestGateway(server.database.db));
    expect(await settled).toBe("finished");
    expect(thrown).toBeNull(); // the giver is answered the order the reactor placed
    expect(await ordersOf(key)).toHaveLength(1);
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 0, voided: false });
    expect((await server.store.readStream(quickCheckoutStream(key))).map((e) => e.type)).not.toContain(
      "QuickCheckoutFailed",
    );
    expect(await journalOf(attemptId)).toBe("PaymentAttemptFinished");
  });

  /**
   * A give-now submit that stops at `pause` (the card's authorisation at the gateway, or the order's
   * number) until the payment reactor has settled its attempt, as a request quiet for longer than
   * ATTEMPT_QUIET_MS under overload: then it goes on. Answers what the request and the reactor did.
   */
  async function overtaken(pause: "authorise" | "number") {
    const key = `give-back-${++round}`;
    let resume = () => {};
    const resumed = new Promise<void>((r) => {
      resume = r;
    });
    let paused = false;
    const stall = async () => {
      if (paused) return;
      paused = true;
      await resumed;
    };
    const ledgerGateway = createTestGateway(server.database.db);
    const slowGateway: PaymentGateway = {
      ...ledgerGateway,
      async authorise(request) {
        if (pause === "authorise") await stall();
        return ledgerGateway.authorise(request);
      },
    };
    const slow = deps(server.store, slowGateway);
    const numbers = slow.nextOrderNumber;
    slow.nextOrderNumber = async () => {
      if (pause === "number") await stall();
      return numbers();
    };
    const submitted = submitQuickDonation(slow, FORM, giveRequest(key)).then(
      () => null,
      (error: unknown) => error as { code?: string },
    );
    await expect.poll(() => paused, { timeout: 10_000 }).toBe(true);
    const started = (await server.store.readStream(quickCheckoutStream(key))).find(
      (e) => e.type === "QuickCheckoutStarted",
    );
    const attemptId = (started!.data as { attemptId: string }).attemptId;
    const settled = await settleAttempt(deps(server.store), attemptId);
    resume();
    const thrown = await submitted;
    const orders = (await server.store.readStream(quickCheckoutStream(key))).filter(
      (e) => e.type === "QuickCheckoutCompleted",
    ).length;
    const journal = (await server.store.readStream(paymentAttemptStream(attemptId))).map((e) => e.type);
    return { settled, thrown, orders, journal, money: await money(attemptId) };
  }

  it("money: a request overtaken by the payment reactor before its card was authorised records nothing after the reactor undid it, and voids the card it got", async () => {
    const { settled, thrown, orders, journal, money: paid } = await overtaken("authorise");
    expect(settled).toBe("undone");
    expect(orders).toBe(0);
    expect(paid).toEqual({ captured: 0, refunded: 0, voided: true });
    expect(journal).toEqual(["PaymentAttemptStarted", "PaymentAttemptTakenOver", "PaymentAttemptUndone"]);
    expect(thrown?.code).toBe("CHECKOUT_IN_PROGRESS"); // a retry with the key answers the reactor's outcome
  });

  it("money: a request overtaken by the payment reactor after its card was recorded leaves the order to the reactor: one order, captured once", async () => {
    const { settled, thrown, orders, journal, money: paid } = await overtaken("number");
    expect(settled).toBe("finished");
    expect(orders).toBe(1);
    expect(paid).toEqual({ captured: 1250, refunded: 0, voided: false });
    expect(journal.filter((type) => type === "PaymentAttemptNumbered")).toHaveLength(1);
    expect(journal.at(-1)).toBe("PaymentAttemptFinished");
    expect(thrown?.code).toBe("CHECKOUT_IN_PROGRESS");
  });

  it("money: an order whose commit landed, though its answer and the read to check it were both lost, is not refunded", async () => {
    const { key, attemptId, thrown } = await give(
      placingFails(server.store, "after", true),
      createTestGateway(server.database.db),
    );
    expect(thrown?.message).toBe(LOST); // the giver hears it failed; a retry with the key answers the order
    expect(await ordersOf(key)).toHaveLength(1);
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 0, voided: false });
    expect((await server.store.readStream(quickCheckoutStream(key))).at(-1)?.type).toBe("QuickCheckoutCompleted");
    expect(await journalOf(attemptId)).toBe("PaymentAttemptFinished"); // in the order's own transaction
    expect(await settleAttempt(deps(server.store), attemptId)).toBe("already settled");
    expect(await money(attemptId)).toEqual({ captured: 1250, refunded: 0, voided: false });
  });
});
