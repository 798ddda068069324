import { sql } from "kysely";
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
  type OrderView,
} from "@shop/shared";
import { openSealedOrClear } from "../personal-data/person-keys.ts";
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
      const d = recorded.data;
      const state = evolveOrder(initialOrderState, recorded);
      const personal = await openSealedOrClear(trx, d.personal, OrderPersonal);
      await trx
        .insertInto("orders")
        .values({
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
        })
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
    // The row holds the whole state but the order's lines: fold the one event onto it.
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
    await trx
      .updateTable("orders")
      .set({
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
      })
      .where("number", "=", row.number)
      .execute();
  },
};
