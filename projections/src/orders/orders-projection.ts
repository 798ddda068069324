import { sql, type Insertable, type Selectable, type Updateable } from "kysely";
import {
  afterSaleOf,
  buyerNameOf,
  ERASED,
  erasedOrderView,
  evolveOrder,
  OrderPersonal,
  personalDataEvents,
  personOfValue,
  initialOrderState,
  isEventOf,
  orderEvents,
  orderStateStatus,
  orderStatus,
  orderViewOf,
  paymentStateStatus,
  type EventOf,
  type OrderView,
  type RecordedEvent,
} from "@shop/shared";
import { expectPersonKeys, openSealedOrClear, sealedPersonsOf } from "../personal-data/person-keys.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { OrdersTable } from "./orders-tables.ts";
import type { Projection } from "../runner/projection.ts";

/** The states whose stock and uses go back (orderClosed in services/src/orders/after-sale.ts). */
const CLOSED = new Set<string>(["cancelled", "refunded"]);
/** How long after an order closes the leader's sweep makes sure its put-back was done. */
export const PUT_BACK_WINDOW_MS = 15 * 60_000;
const putBackUntil = (at: string) => {
  const closedAt = Date.parse(at);
  return Number.isNaN(closedAt) ? null : new Date(closedAt + PUT_BACK_WINDOW_MS).toISOString();
};

export const ordersProjection: Projection = {
  name: "orders",
  version: 6,
  tables: ["orders"],
  handles: [...orderEvents.map((e) => e.type), "PersonErased"],
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS orders (
      number text PRIMARY KEY,
      cart_id text NOT NULL,
      user_id text,
      person text,
      email text NOT NULL,
      name text NOT NULL,
      status text NOT NULL,
      state text NOT NULL,
      payment_status text NOT NULL,
      total_cents bigint NOT NULL,
      paid_cents bigint NOT NULL,
      refunded_cents bigint NOT NULL,
      tracking_number text,
      cancelled boolean NOT NULL,
      awaiting_payment boolean NOT NULL,
      hold_until text,
      payment_reference text,
      put_back_until text,
      version integer NOT NULL,
      placed_at text NOT NULL,
      view jsonb NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS orders_user ON orders (user_id, placed_at)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS orders_placed ON orders (placed_at)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS orders_person ON orders (person)`.execute(db);
    // The gateway's notices (Stripe webhooks) name the payment, not the order.
    await sql`CREATE INDEX IF NOT EXISTS orders_payment_reference ON orders (payment_reference)`.execute(db);
    // The put-back sweep's question: which orders closed a moment ago.
    await sql`CREATE INDEX IF NOT EXISTS orders_put_back_until ON orders (put_back_until) WHERE put_back_until IS NOT NULL`.execute(
      db,
    );
    // The check-hold sweeper's question: which unpaid check orders are past their hold.
    await sql`CREATE INDEX IF NOT EXISTS orders_hold_until ON orders (hold_until) WHERE hold_until IS NOT NULL`.execute(
      db,
    );
  },
  async apply(trx, recorded) {
    if (isEventOf(personalDataEvents, recorded)) {
      // The same rows a replay reaches: there the boxes no longer open and orderViewOf erases the same fields.
      const rows = await trx
        .selectFrom("orders")
        .select(["number", "view"])
        .where("person", "=", recorded.data.person)
        .execute();
      for (const row of rows)
        await trx
          .updateTable("orders")
          .set({ name: ERASED, email: ERASED, view: JSON.stringify(erasedOrderView(row.view)) })
          .where("number", "=", row.number)
          .execute();
      return;
    }
    if (!isEventOf(orderEvents, recorded)) return;
    if (recorded.type === "OrderPlaced") {
      const personal = await openSealedOrClear(trx, recorded.data.personal, OrderPersonal);
      await trx
        .insertInto("orders")
        .values(placedRow(recorded, personal))
        .onConflict((oc) => oc.column("number").doNothing())
        .execute();
      return;
    }
    const row = await trx
      .selectFrom("orders")
      .selectAll()
      .where("number", "=", recorded.data.number)
      .executeTakeFirst();
    if (!row || row.version >= recorded.streamPosition) return;
    const { number: _, ...changes } = folded(row, recorded);
    await trx.updateTable("orders").set(changes).where("number", "=", row.number).execute();
  },
  /**
   * The same rows in two statements: the batch's orders (and those of the persons it erases) are
   * read at once, each event folded onto its order in memory as `apply` folds it onto the row it
   * reads, and every changed row written by one multi-row upsert.
   */
  async applyBatch(trx, events) {
    expectPersonKeys(trx, sealedPersonsOf(events));
    const write = async (rows: Map<string, OrderRow>, changed: Set<string>) => {
      await upsertRows(
        trx,
        "orders",
        ["number"],
        [...changed].map((number) => {
          const row = rows.get(number)!;
          // bigint columns come back as text: written back as they came.
          return { ...row, view: JSON.stringify(row.view) } as unknown as Insertable<OrdersTable>;
        }),
      );
    };
    // The orders the batch names and those of the persons it erases, as the table holds them now.
    const numbers = [...new Set(events.flatMap((e) => (isEventOf(orderEvents, e) ? [e.data.number] : [])))];
    const erased = [...new Set(events.flatMap((e) => (isEventOf(personalDataEvents, e) ? [e.data.person] : [])))];
    const rows = new Map<string, OrderRow>();
    for (const row of await trx
      .selectFrom("orders")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb("number", "in", numbers.length > 0 ? numbers : [""]),
          eb("person", "in", erased.length > 0 ? erased : [""]),
        ]),
      )
      .execute())
      rows.set(row.number, row);
    const changed = new Set<string>();
    for (const recorded of events) {
      if (isEventOf(personalDataEvents, recorded)) {
        // As `apply` erases: every order of the person, whatever else the batch did to it.
        for (const row of rows.values())
          if (row.person === recorded.data.person) {
            rows.set(row.number, {
              ...row,
              name: ERASED,
              email: ERASED,
              view: JSON.parse(JSON.stringify(erasedOrderView(row.view))),
            });
            changed.add(row.number);
          }
        continue;
      }
      if (!isEventOf(orderEvents, recorded)) continue;
      const number = recorded.data.number;
      const row = rows.get(number);
      if (recorded.type === "OrderPlaced") {
        if (row) continue; // ON CONFLICT DO NOTHING
        const personal = await openSealedOrClear(trx, recorded.data.personal, OrderPersonal);
        rows.set(number, asRead(placedRow(recorded, personal)));
      } else {
        if (!row || row.version >= recorded.streamPosition) continue;
        rows.set(number, asRead({ ...row, ...folded(row, recorded as LaterEvent) } as Updateable<OrdersTable>));
      }
      changed.add(number);
    }
    await write(rows, changed);
  },
};

type OrderRow = Selectable<OrdersTable>;
type OrderEvent = RecordedEvent & EventOf<typeof orderEvents>;
type LaterEvent = Exclude<OrderEvent, { type: "OrderPlaced" }>;

/** A row as `SELECT *` answers it after it was written (the view parsed back from its JSON text). */
function asRead(row: Insertable<OrdersTable> | Updateable<OrdersTable>): OrderRow {
  return { ...row, view: JSON.parse(row.view as string) } as OrderRow;
}

/** The row OrderPlaced inserts. */
function placedRow(
  recorded: OrderEvent & { type: "OrderPlaced" },
  personal: OrderPersonal | null,
): Insertable<OrdersTable> {
  const d = recorded.data;
  const state = evolveOrder(initialOrderState, recorded);
  return {
    number: d.number,
    cart_id: d.cartId,
    user_id: d.userId,
    person: personOfValue(d.personal, d.userId),
    email: personal ? personal.billing.email : ERASED,
    name: buyerNameOf(personal),
    status: orderStateStatus(state),
    state: orderStatus(state),
    payment_status: paymentStateStatus(state),
    total_cents: d.totals.totalCents,
    paid_cents: state.paidCents,
    refunded_cents: 0,
    tracking_number: null,
    cancelled: false,
    awaiting_payment: state.awaitingPayment,
    hold_until: state.holdUntil,
    payment_reference: d.payment.reference,
    put_back_until: null,
    version: recorded.streamPosition,
    placed_at: d.placedAt,
    view: JSON.stringify(orderViewOf(d, personal)),
  };
}

/** The row after one more of its order's events: the row holds the whole state but the order's lines. */
function folded(row: OrderRow, recorded: LaterEvent) {
  const before = {
    ...initialOrderState,
    placed: null,
    paidCents: Number(row.paid_cents),
    refundedCents: Number(row.refunded_cents),
    awaitingPayment: row.awaiting_payment,
    holdUntil: row.hold_until,
    trackingNumber: row.tracking_number,
    cancelled: row.cancelled,
    disputed: row.state === "disputed",
  };
  const state = evolveOrder(before, recorded);
  const status = orderStateStatus(state);
  const closes = CLOSED.has(orderStatus(state)) && !CLOSED.has(row.state) && "at" in recorded.data;
  const view: OrderView = {
    ...row.view,
    ...afterSaleOf(state),
    payment: { ...row.view.payment, status: paymentStateStatus(state) },
  };
  return {
    number: row.number,
    status,
    state: orderStatus(state),
    payment_status: paymentStateStatus(state),
    paid_cents: state.paidCents,
    refunded_cents: state.refundedCents,
    tracking_number: state.trackingNumber,
    cancelled: state.cancelled,
    awaiting_payment: state.awaitingPayment,
    hold_until: state.holdUntil,
    put_back_until: closes ? putBackUntil(String(recorded.data.at)) : row.put_back_until,
    version: recorded.streamPosition,
    view: JSON.stringify(view),
  };
}
