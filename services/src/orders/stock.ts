import { OrderSoldOutError, skuEvents, type EventMetadata, type EventStore, type SkuEvent } from "@shop/shared";
import { skuDecider } from "../catalog/sku.ts";
import { commandHandler, foldStream, RETRY, type Decider } from "../platform/command-handler.ts";
import type { StreamTransaction } from "../platform/stream-transaction.ts";

export interface Reservation {
  skuId: number;
  /** What the stock went down by (less than the quantity when a backordered SKU ran out). */
  taken: number;
}

type Sku = ReturnType<typeof skuDecider.initialState>;

/**
 * A SKU as the stock commands see it: the catalog's SKU, the orders (and attempts) that already gave
 * stock back, and what each payment attempt took.
 */
interface SkuStockState {
  sku: Sku;
  releasedFor: ReadonlySet<string>;
  takenFor: ReadonlyMap<string, number>;
}

const skuStockDecider: Decider<SkuStockState, typeof skuEvents> = {
  initialState: () => ({ sku: skuDecider.initialState(), releasedFor: new Set(), takenFor: new Map() }),
  events: skuEvents,
  skip: (s) => ({ ...s, sku: skuDecider.skip(s.sku) }),
  evolve: (s, event: SkuEvent) => ({
    sku: skuDecider.evolve(s.sku, event),
    releasedFor:
      event.type === "SkuStockChanged" && event.data.releasedFor
        ? new Set([...s.releasedFor, event.data.releasedFor])
        : s.releasedFor,
    takenFor:
      event.type === "SkuStockChanged" && event.data.takenFor
        ? new Map([
            ...s.takenFor,
            [event.data.takenFor, (s.sku.exists ? (s.sku.stock.stock ?? 0) : 0) - (event.data.stock ?? 0)],
          ])
        : s.takenFor,
  }),
};

/** A SKU's stock: every buyer of it writes the one stream, so a conflict keeps trying, spread out. */
const stockCommand = commandHandler(skuStockDecider, RETRY.contended);

/**
 * Takes `quantity` off a SKU's stock with the stream's version as the expected one, so two buyers
 * never take the same copy: a conflict re-reads and decides again. Untracked stock takes nothing;
 * a backordered SKU sells past zero (its stock stays 0); otherwise too few is 'sold out'.
 */
export async function takeStock(
  store: EventStore,
  line: { skuId: number; quantity: number; title: string },
  at: string,
  metadata: EventMetadata,
  /** The payment attempt taking it (`attempt-{id}`): a second take for it takes nothing more. */
  takenFor?: string,
): Promise<Reservation> {
  return changeStock(store, line.skuId, at, metadata, takeNext(line), undefined, takenFor).then((taken) => ({
    skuId: line.skuId,
    taken,
  }));
}

/** What an attempt took of a SKU (0 when it took nothing), and whether it was already put back. */
export async function takenByAttempt(
  store: EventStore,
  skuId: number,
  takenFor: string,
): Promise<{ taken: number; released: boolean }> {
  const state = foldStream(skuStockDecider, await store.readStream(`sku-${skuId}`));
  return { taken: state.takenFor.get(takenFor) ?? 0, released: state.releasedFor.has(takenFor) };
}

/** Puts back what a failed order took. */
export async function releaseStock(
  store: EventStore,
  reservation: Reservation,
  at: string,
  metadata: EventMetadata,
  /** The order giving it back (`order-{number}`): then it is given back once, however often this runs. */
  releasedFor?: string,
) {
  if (reservation.taken === 0) return;
  await changeStock(
    store,
    reservation.skuId,
    at,
    metadata,
    (stock) => (stock === null ? null : stock + reservation.taken),
    releasedFor,
  );
}

/** Returns how far the stock went down (negative when it went up). */
async function changeStock(
  store: EventStore,
  skuId: number,
  at: string,
  metadata: EventMetadata,
  next: (stock: number | null, backorder: boolean) => number | null,
  releasedFor?: string,
  takenFor?: string,
): Promise<number> {
  const change = stockChange(skuId, at, next, releasedFor, takenFor);
  await stockCommand(store, `sku-${skuId}`, change.decide, { metadata });
  return change.taken();
}

/**
 * Takes a line's stock inside a transaction of several streams (the order's reserve step): decided
 * as `takeStock` decides, appended with the others at the SKU stream's version.
 */
export async function takeStockIn(
  tx: StreamTransaction,
  line: { skuId: number; quantity: number; title: string },
  at: string,
  takenFor: string,
): Promise<Reservation> {
  const change = stockChange(line.skuId, at, takeNext(line), undefined, takenFor);
  await tx.run(`sku-${line.skuId}`, skuStockDecider, change.decide);
  return { skuId: line.skuId, taken: change.taken() };
}

const takeNext =
  (line: { quantity: number; title: string }) =>
  (stock: number | null, backorder: boolean): number | null => {
    if (stock === null) return null;
    if (stock < line.quantity && !backorder) throw new OrderSoldOutError(line.title);
    return Math.max(0, stock - line.quantity);
  };

/** The decision of one stock change, and what it took (read after it decided). */
function stockChange(
  skuId: number,
  at: string,
  next: (stock: number | null, backorder: boolean) => number | null,
  releasedFor?: string,
  takenFor?: string,
) {
  let taken = 0;
  const decide = ({ sku, releasedFor: released, takenFor: takes }: SkuStockState): SkuEvent[] => {
    taken = 0;
    if (!sku.exists) throw new OrderSoldOutError(`SKU ${skuId}`);
    if (releasedFor && released.has(releasedFor)) return [];
    if (takenFor && takes.has(takenFor)) {
      taken = takes.get(takenFor)!;
      return [];
    }
    const stock = next(sku.stock.stock, sku.stock.backorder);
    if (stock === null || stock === sku.stock.stock) return [];
    taken = (sku.stock.stock ?? 0) - stock;
    const data = { id: skuId, ...sku.stock, stock, changedAt: at, by: null };
    return [
      {
        type: "SkuStockChanged",
        data: { ...data, ...(releasedFor ? { releasedFor } : {}), ...(takenFor ? { takenFor } : {}) },
      },
    ];
  };
  return { decide, taken: () => taken };
}
