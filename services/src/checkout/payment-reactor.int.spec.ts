import { describe, expect, it } from "vitest";
import { campaignStream, discountUsesStream, orderStream, paymentAttemptStream, type EventStore } from "@shop/shared";
import { skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { discount } from "../cart/cart-fixtures.ts";
import { createInMemoryEventStore } from "../eventstore/in-memory-event-store.ts";
import { recordOrderGiftsIn } from "../orders/order-gifts.ts";
import { placeOrder, type OrderDraft } from "../orders/place-order.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { finishJournalIn, journalStarted, orderJournal } from "./payment-journal.ts";
import { checkoutAttempts } from "./checkout-service.ts";
import { settleAttempt } from "./payment-reactor.ts";
import { checkoutDecider } from "./checkout.ts";
import { foldStream } from "../platform/command-handler.ts";
import { killedProcessStore, type Kill } from "../testing/killed-process-store.ts";

// A process killed at each step of a payment attempt (issue 23, point 1): the attempt's own writes go
// through a store that, once its step has landed, never answers again (as a dead process writes
// nothing more and undoes nothing). Then the reactor settles the attempt from the log alone.

const clock = () => new Date("2026-11-28T12:00:00.000Z");
const at = clock().toISOString();
const SAVE5 = discount("SAVE5", { maxUses: 10, percentOff: null, amountOffCents: 500 });

async function shop(): Promise<EventStore> {
  const store = createInMemoryEventStore();
  for (const e of [
    ...skuGiven(7, "POSTER", { priceCents: 2500, productId: 70, stock: 8 }),
    ...skuGiven(8, "MUG", { priceCents: 1000, productId: 80, stock: 5 }),
  ])
    await store.append(e.streamId, [{ type: e.type, data: e.data }]);
  await store.append(campaignStream("ark-main"), [
    {
      type: "CampaignCreated",
      data: { id: 1, slug: "ark-main", name: "Ark", goalCents: 100_000, startsAt: null, endsAt: null, createdAt: at },
    },
  ]);
  return store;
}

const line = (lineId: number, skuId: number | null, quantity: number, unitCents: number, campaign?: string) => ({
  lineId,
  skuId,
  skuCode: skuId === null ? "Ark" : `SKU-${skuId}`,
  title: skuId === null ? "Gift" : `SKU ${skuId}`,
  format: "",
  quantity,
  unitCents,
  totalCents: quantity * unitCents,
  digital: false,
  donation: campaign ? { campaign } : null,
});

function draftOf(attemptId: string, payment: "card" | "check"): OrderDraft {
  return {
    attemptId,
    cartId: "cart-1",
    userId: null,
    customer: "person:p1",
    personal: { by: "p1", iv: "aXY", data: "c2VhbGVk" } as unknown as OrderDraft["personal"],
    ships: true,
    lines: [line(1, 7, 2, 2500), line(2, 8, 1, 1000), line(3, null, 1, 2000, "ark-main")],
    discounts: [{ code: "SAVE5", description: "SAVE5", amountCents: 500 }],
    discountTerms: new Map([["SAVE5", SAVE5]]),
    shippingMethod: null,
    totals: { goodsCents: 6000, discountCents: 500, donationCents: 2000, shippingCents: 0, totalCents: 7500 },
    payment:
      payment === "card"
        ? {
            type: "card",
            source: { card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvv: "123", nameOnCard: "A" } },
          }
        : { type: "check" },
    now: clock(),
  };
}

/**
 * The whole attempt as runPaymentAttempt makes it, on the dying store: the journal and the claim in
 * one transaction, then placeOrder (the card, the reserve transaction, the capture, and OrderPlaced in
 * one transaction with the checkout's outcome, the gifts and the journal finished).
 */
async function attempt(
  store: EventStore,
  gateway: ReturnType<typeof createTestGateway>,
  attemptId: string,
  payment: "card" | "check",
) {
  const draft = draftOf(attemptId, payment);
  const metadata = { correlationId: "attempt" };
  const deps = { store, gateway, nextOrderNumber: async () => "100001", checkHoldDays: 14 };
  const origin = { kind: "checkout" as const, cartId: "cart-1", idempotencyKey: "key-1" };
  const log = checkoutAttempts("cart-1", "key-1");
  await store.appendMany!([
    { streamId: paymentAttemptStream(attemptId), events: [journalStarted(attemptId, origin, draft, at)] },
    { streamId: log.stream, events: [log.started(attemptId, at)] },
  ]);
  await placeOrder(deps, draft, metadata, orderJournal(store, attemptId, clock, metadata), async (tx, placed) => {
    await tx.run(log.stream, log.decider, () => [log.completed(attemptId, placed.number, at)]);
    if (placed.payment.status !== "awaiting") await recordOrderGiftsIn(tx, placed, clock());
    await finishJournalIn(tx, attemptId, placed.number, at);
  });
}

const stockOf = async (store: EventStore, skuId: number) => {
  const changes = (await store.readStream(`sku-${skuId}`)).filter((e) => e.type === "SkuStockChanged");
  return (changes.at(-1)?.data as { stock: number } | undefined)?.stock ?? null;
};
const usesOf = async (store: EventStore) => {
  let uses = 0;
  for (const e of await store.readStream(discountUsesStream("SAVE5")))
    uses += e.type === "DiscountUseClaimed" ? 1 : e.type === "DiscountUseReleased" ? -1 : 0;
  return uses;
};
const raisedOf = async (store: EventStore) =>
  (await store.readStream(campaignStream("ark-main"))).filter((e) => e.type === "CampaignGiftRecorded").length;
const ordersOf = async (store: EventStore) => (await store.readStream(orderStream("100001"))).length;

type Step = [string, Kill];
// Since issue 28.3 the steps after the card share transactions: a crash "after the first SKU's stock"
// is after the reserve transaction (stock, uses, number), one "after OrderPlaced" after the placing
// (order, outcome, gifts, journal finished). Each point stays, so the test reads as the saga does.
const CRASH_POINTS: Step[] = [
  ["the journal started and the checkout claimed", (_s, e) => e[0]?.type === "PaymentAttemptStarted"],
  ["PaymentAttemptAuthorised", (_s, e) => e[0]?.type === "PaymentAttemptAuthorised"],
  ["the first SKU's stock taken", (s) => s === "sku-7"],
  ["all stock taken", (s) => s === "sku-8"],
  ["the discount use claimed", (s) => s === discountUsesStream("SAVE5")],
  ["PaymentAttemptNumbered", (_s, e) => e[0]?.type === "PaymentAttemptNumbered"],
  ["OrderPlaced", (_s, e) => e[0]?.type === "OrderPlaced"],
  ["the campaign gift recorded", (s) => s === campaignStream("ark-main")],
];

describe("money 1: a process killed after each step of a payment attempt: the reactor finishes or undoes it", () => {
  for (const payment of ["card", "check"] as const)
    for (const [step, killWhen] of CRASH_POINTS) {
      // A check authorises nothing, and moves no thermometer until it is received.
      if (payment === "check" && (step === "PaymentAttemptAuthorised" || step === "the campaign gift recorded"))
        continue;
      it(`money 1: ${payment}, dies after ${step}`, async () => {
        const store = await shop();
        const gateway = createTestGateway();
        const { dying, died } = killedProcessStore(store, killWhen);
        void attempt(dying, gateway, "a1", payment);
        await expect.poll(died).toBe(true);

        const deps = { store, gateway, db: undefined as never, clock, nextOrderNumber: async () => "100002" };
        const first = await settleAttempt(deps, "a1");
        expect(await settleAttempt(deps, "a1")).toBe("already settled"); // a second run does nothing

        const authorised = [...gateway.charges.values()];
        const claimed = true; // the journal and the claim land together
        const paid = claimed && (payment === "check" || authorised.length > 0);
        if (paid) {
          // Finished: one order, under the number recorded before it died (or a new one), stock and uses held once.
          // The placing's transaction holds the journal's Finished too: once it landed there is nothing to settle.
          const placedWhole = step === "OrderPlaced" || step === "the campaign gift recorded";
          expect(first).toBe(placedWhole ? "already settled" : "finished");
          expect((await ordersOf(store)) + (await store.readStream(orderStream("100002"))).length).toBe(1);
          expect([await stockOf(store, 7), await stockOf(store, 8)]).toEqual([6, 4]);
          expect(await usesOf(store)).toBe(1);
          expect(await raisedOf(store)).toBe(payment === "card" ? 1 : 0);
          if (payment === "card")
            expect(authorised).toEqual([expect.objectContaining({ captured: 7500, voided: false })]);
        } else {
          // Undone: nothing held, no order, the authorisation (if any) voided.
          expect(first).toBe("undone");
          expect(await ordersOf(store)).toBe(0);
          expect([await stockOf(store, 7), await stockOf(store, 8)].map((s) => s ?? "untouched")).toEqual(
            (await store.readStream("sku-7")).some((e) => e.type === "SkuStockChanged")
              ? [8, 5]
              : ["untouched", "untouched"],
          );
          expect(await usesOf(store)).toBe(0);
          expect(authorised.every((c) => c.voided || c.captured === 0)).toBe(true);
        }
        const journal = (await store.readStream(paymentAttemptStream("a1"))).at(-1);
        expect(journal?.type).toBe(first === "undone" ? "PaymentAttemptUndone" : "PaymentAttemptFinished");
      });
    }

  it("spec 28.3 a card captured whose process died before the placing transaction: finished, captured once, one order", async () => {
    const store = await shop();
    const gateway = createTestGateway();
    const { dying, died } = killedProcessStore(store, (_s, e) => e[0]?.type === "OrderPlaced", true);
    void attempt(dying, gateway, "a5", "card");
    await expect.poll(died).toBe(true);
    expect([...gateway.charges.values()]).toEqual([expect.objectContaining({ captured: 7500 })]);
    expect(await ordersOf(store)).toBe(0); // nothing of the placing landed
    const deps = { store, gateway, db: undefined as never, clock, nextOrderNumber: async () => "100002" };
    expect(await settleAttempt(deps, "a5")).toBe("finished");
    expect(await ordersOf(store)).toBe(1); // under the number the reserve step recorded
    expect([...gateway.charges.values()]).toEqual([expect.objectContaining({ captured: 7500, refunded: 0 })]);
    expect([await stockOf(store, 7), await stockOf(store, 8), await usesOf(store), await raisedOf(store)]).toEqual([
      6, 4, 1, 1,
    ]);
  });

  it("money 1: a card attempt that died before the gateway answered is undone: no order, nothing held", async () => {
    const store = await shop();
    const gateway = createTestGateway();
    const { dying, died } = killedProcessStore(store, (_s, e) => e[0]?.type === "PaymentAttemptStarted");
    void attempt(dying, gateway, "a2", "card");
    await expect.poll(died).toBe(true);
    const deps = { store, gateway, db: undefined as never, clock, nextOrderNumber: async () => "100002" };
    expect(await settleAttempt(deps, "a2")).toBe("undone");
    expect(await ordersOf(store)).toBe(0);
    expect(await usesOf(store)).toBe(0);
  });

  it("money 1: a shopper who retries with the same Idempotency-Key gets the outcome the reactor recorded", async () => {
    const store = await shop();
    const gateway = createTestGateway();
    const { dying, died } = killedProcessStore(store, (_s, e) => e[0]?.type === "PaymentAttemptAuthorised");
    void attempt(dying, gateway, "a3", "card");
    await expect.poll(died).toBe(true);
    const deps = { store, gateway, db: undefined as never, clock, nextOrderNumber: async () => "100002" };
    expect(await settleAttempt(deps, "a3")).toBe("finished");
    const checkout = foldStream(checkoutDecider, await store.readStream("checkout-cart-1"));
    // Died before it was numbered: the reactor numbered it. A retry's placedOf answers that order.
    expect(checkout.keys).toEqual({ "key-1": "100002" });
    expect(checkout.attempt).toBeNull();
  });

  it("money 1: a card authorised at the gateway whose process died before recording it: the reactor finds it by its key and voids it", async () => {
    const store = await shop();
    const gateway = createTestGateway();
    const { dying, died } = killedProcessStore(store, (_s, e) => e[0]?.type === "PaymentAttemptAuthorised", true);
    void attempt(dying, gateway, "a4", "card");
    await expect.poll(died).toBe(true);
    expect([...gateway.charges.values()]).toEqual([expect.objectContaining({ voided: false })]);
    const deps = { store, gateway, db: undefined as never, clock, nextOrderNumber: async () => "100002" };
    expect(await settleAttempt(deps, "a4")).toBe("undone");
    expect([...gateway.charges.values()]).toEqual([expect.objectContaining({ voided: true, captured: 0 })]);
    expect(await ordersOf(store)).toBe(0);
  });
});
