import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OrderSoldOutError,
  paymentAttemptStream,
  type EventStore,
  type RecordedEvent,
  type StreamWrite,
} from "@shop/shared";
import { skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { journalStarted, finishJournalIn, orderJournal } from "../checkout/payment-journal.ts";
import { createEventRegistry } from "../event-registry.ts";
import { createPostgresEventStore } from "../eventstore/postgres-event-store.ts";
import { readLedger } from "../payments/gateway-ledger.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { placeOrder, type OrderDraft } from "./place-order.ts";

// Issue 28, point 3: a hot SKU's takes are decided in batches (platform/hot-stream-line.ts): the
// buyers queued on it in this process are decided in turn on one read of its stream and appended in
// one transaction. The rules stay those of one buyer at a time: no copy sold twice, decided from the
// log; a sold-out buyer is refused and charged nothing; a buyer's reserve is all or nothing.

const clock = () => new Date("2026-11-29T10:00:00.000Z");
const at = clock().toISOString();

const line = (skuId: number) => ({
  lineId: skuId,
  skuId,
  skuCode: `HOT-${skuId}`,
  title: `Book ${skuId}`,
  format: "",
  quantity: 1,
  unitCents: 1000,
  totalCents: 1000,
  digital: false,
  donation: null,
});

function draftOf(attemptId: string, skus: number[]): OrderDraft {
  const cents = skus.length * 1000;
  return {
    attemptId,
    cartId: `cart-${attemptId}`,
    userId: null,
    customer: `person:${attemptId}`,
    personal: { person: "p1", box: "v1.c2VhbGVk" },
    ships: true,
    lines: skus.map(line),
    discounts: [],
    discountTerms: new Map(),
    shippingMethod: null,
    totals: { goodsCents: cents, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: cents },
    payment: {
      type: "card",
      source: { card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvv: "123", nameOnCard: "A" } },
    },
    now: clock(),
  };
}

/** The takes in a SKU's stream: by attempt, and how many share each transaction. */
function takesOf(events: RecordedEvent[]) {
  const takes = events.filter((e) => e.type === "SkuStockChanged" && (e.data as { takenFor?: string }).takenFor);
  const perTransaction = new Map<bigint, number>();
  for (const e of takes) perTransaction.set(e.position.major, (perTransaction.get(e.position.major) ?? 0) + 1);
  return {
    attempts: takes.map((e) => (e.data as { takenFor: string }).takenFor),
    stock: (events.filter((e) => e.type === "SkuStockChanged").at(-1)?.data as { stock: number } | undefined)?.stock,
    largestBatch: Math.max(0, ...perTransaction.values()),
  };
}

/**
 * The store, but each commit that takes stock lands 150 ms late, as on a loaded machine: the buyers that
 * reach the reserve meanwhile queue behind it, so the batches these rules are about form every run.
 */
function slowTakes(store: EventStore): EventStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "appendMany" || typeof value !== "function") return value;
      return async (writes: StreamWrite[]) => {
        if (writes.some((w) => w.events.some((e) => e.type === "SkuStockChanged")))
          await new Promise((r) => setTimeout(r, 150));
        return value.call(target, writes);
      };
    },
  });
}

describe.skipIf(!testDatabaseUrl())("stock: a hot SKU's takes decided in batches (PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let store: EventStore;
  let gateway: ReturnType<typeof createTestGateway>;
  let slow: EventStore;
  let numbers = 200_000;

  beforeAll(async () => {
    database = await openTestDatabase({ schema: `hotsku_${Date.now().toString(36)}` });
    store = await createPostgresEventStore(database, createEventRegistry());
    slow = slowTakes(store);
    gateway = createTestGateway(database.db);
    const catalog = [
      ...skuGiven(71, "HOT-71", { priceCents: 1000, productId: 7, stock: 5 }),
      ...skuGiven(72, "HOT-72", { priceCents: 1000, productId: 7, stock: 3 }),
      ...skuGiven(73, "HOT-73", { priceCents: 1000, productId: 7, stock: 10 }),
      ...skuGiven(74, "HOT-74", { priceCents: 1000, productId: 7, stock: 2 }),
    ];
    for (const e of catalog) await store.append(e.streamId, [{ type: e.type, data: e.data }]);
  }, 60_000);
  afterAll(() => database?.drop());

  /** One payment attempt as the checkout runs it: the journal, the card, the reserve, the capture, the order. */
  async function buy(attemptId: string, skus: number[]) {
    const draft = draftOf(attemptId, skus);
    const metadata = { correlationId: attemptId };
    const origin = { kind: "checkout" as const, cartId: draft.cartId, idempotencyKey: attemptId };
    await store.append(paymentAttemptStream(attemptId), [journalStarted(attemptId, origin, draft, at)]);
    const deps = { store: slow, gateway, nextOrderNumber: async () => String(++numbers) };
    return placeOrder(deps, draft, metadata, orderJournal(slow, attemptId, clock, metadata), (tx, placed) =>
      finishJournalIn(tx, attemptId, placed.number, at),
    );
  }

  /** What the gateway's books hold for an attempt's authorisation. */
  async function money(attemptId: string) {
    const ledger = await readLedger(database.db);
    const reference = ledger.find((r) => r.kind === "authorise" && r.idempotency_key === attemptId)?.reference;
    const mine = ledger.filter((r) => r.reference === reference);
    return {
      captured: mine.filter((r) => r.kind === "capture").reduce((n, r) => n + r.amount_cents, 0),
      voided: mine.some((r) => r.kind === "void"),
    };
  }

  it("stock: no copy sold twice when 20 buyers race for 5 copies, decided in batches from the log", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `race-${i}`);
    const outcomes = await Promise.allSettled(ids.map((id) => buy(id, [71])));
    const sold = ids.filter((_, i) => outcomes[i].status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason);
    expect(sold).toHaveLength(5);
    expect(refused.every((e) => e instanceof OrderSoldOutError)).toBe(true);
    const takes = takesOf(await store.readStream("sku-71"));
    expect(takes.stock).toBe(0);
    expect(takes.attempts.sort()).toEqual(sold.map((id) => `attempt-${id}`).sort());
    // Buyers shared a read and an append: some transaction holds more than one buyer's take.
    expect(takes.largestBatch).toBeGreaterThan(1);
  }, 60_000);

  it("stock: the buyers a batch finds sold out are refused with the same error and charged nothing", async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `late-${i}`);
    const outcomes = await Promise.allSettled(ids.map((id) => buy(id, [72])));
    const refused = ids.filter((_, i) => outcomes[i].status === "rejected");
    expect(refused).toHaveLength(5);
    for (const o of outcomes)
      if (o.status === "rejected") expect(o.reason).toMatchObject({ message: 'Sorry, "Book 72" is sold out.' });
    for (const id of refused) expect(await money(id)).toEqual({ captured: 0, voided: true });
    for (const id of ids.filter((id) => !refused.includes(id)))
      expect(await money(id)).toEqual({ captured: 1000, voided: false });
    expect(takesOf(await store.readStream("sku-72")).stock).toBe(0);
    expect(takesOf(await store.readStream("sku-72")).largestBatch).toBeGreaterThan(1);
  }, 60_000);

  it("stock: a buyer's reserve is all or nothing across two SKUs, inside a batch", async () => {
    // Six buyers of both books (the second has two copies) and four of the first alone, all at once.
    const both = Array.from({ length: 6 }, (_, i) => `both-${i}`);
    const one = Array.from({ length: 4 }, (_, i) => `one-${i}`);
    const outcomes = await Promise.allSettled([
      ...both.map((id) => buy(id, [73, 74])),
      ...one.map((id) => buy(id, [73])),
    ]);
    const sold = [...both, ...one].filter((_, i) => outcomes[i].status === "fulfilled");
    expect(sold.filter((id) => id.startsWith("both"))).toHaveLength(2);
    expect(sold.filter((id) => id.startsWith("one"))).toHaveLength(4);
    const first = takesOf(await store.readStream("sku-73"));
    const second = takesOf(await store.readStream("sku-74"));
    // A refused buyer's take of the first book did not land though the second was what ran out.
    expect(first.attempts.sort()).toEqual(sold.map((id) => `attempt-${id}`).sort());
    expect(second.attempts.sort()).toEqual(
      sold
        .filter((id) => id.startsWith("both"))
        .map((id) => `attempt-${id}`)
        .sort(),
    );
    expect([first.stock, second.stock]).toEqual([4, 0]);
    expect(first.largestBatch).toBeGreaterThan(1);
  }, 60_000);
});
