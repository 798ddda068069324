import { Router, type Request } from "express";
import { sql, type Kysely } from "kysely";
import {
  CancelOrderRequest,
  CheckReceivedRequest,
  OrderListQuery,
  OrderNotFoundError,
  ORDER_SORT_COLUMNS,
  orderStateStatus,
  orderStatus,
  orderStream,
  orderViewOf,
  paymentStateStatus,
  RefundFailedError,
  RefundOrderRequest,
  refundableCents,
  ShipOrderRequest,
  buyerNameOf,
  ERASED,
  personOfValue,
  type AdminOrder,
  type OrderPersonal,
  type EventStore,
  type LogPosition,
  type OrderState,
  type UserRef,
} from "@shop/shared";
import { containsPattern, openOrderPersonal, sortColumn, type Database } from "@shop/projections";
import { foldStream } from "../platform/command-handler.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { staffCommandRunner } from "../platform/versioned-command.ts";
import { putBack, recordRefundFailed } from "./after-sale.ts";
import { queueOrderConfirmation } from "./order-confirmation-mail.ts";
import { recordOrderGifts } from "./order-gifts.ts";
import { decideOrder, orderDecider, type OrderCommand } from "./decide.ts";

export interface AdminOrdersRouterDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  gateway: PaymentGateway;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
  /** SITE_URL: the links in the confirmation a received check sends. */
  siteUrl: string;
}

export const ADMIN_ORDER_BASE = "/admin/api/store/order/";
const byUser = (req: Request): UserRef => ({ id: req.user!.id, name: req.user!.name });
const numberOf = (req: Request) => {
  const number = String(req.params.number);
  if (!/^\d{1,20}$/.test(number)) throw new OrderNotFoundError();
  return number;
};

/** The order as the staff page shows it, from its folded stream. */
function adminOrderOf(
  state: OrderState,
  version: number,
  personal: OrderPersonal | null,
  shopTestMode: boolean,
): AdminOrder {
  const placed = state.placed!;
  return {
    id: placed.number,
    number: placed.number,
    placed_at: placed.placedAt,
    name: buyerNameOf(personal),
    email: personal ? personal.billing.email : ERASED,
    status: orderStateStatus(state),
    state: orderStatus(state),
    payment_status: paymentStateStatus(state),
    payment_type: placed.payment.type,
    total_cents: placed.totals.totalCents,
    paid_cents: state.paidCents,
    refunded_cents: state.refundedCents,
    refundable_cents: refundableCents(state),
    tracking_number: state.trackingNumber ?? "",
    ships: placed.ships,
    hold_until: state.holdUntil,
    version,
    test_mode: shopTestMode || placed.payment.gateway === "test",
  };
}

/** What each event says on the order's history. */
function historyLine(type: string, data: Record<string, unknown>): string {
  const cents = (n: unknown) => `$${(Number(n) / 100).toFixed(2)}`;
  switch (type) {
    case "OrderPlaced":
      return "Placed";
    case "OrderShipped":
      return `Shipped, tracking number ${String(data.trackingNumber)}`;
    case "OrderCancelled":
      return data.reason ? `Cancelled: ${String(data.reason)}` : "Cancelled";
    case "OrderHoldExpired":
      return `Cancelled by the shop: the check had not arrived by ${String(data.holdUntil).slice(0, 10)}`;
    case "OrderCheckReceived":
      return `Check received, ${cents(data.amountCents)}`;
    case "OrderRefunded":
      return `Refunded ${cents(data.amountCents)}${data.reference ? " through the gateway" : ""}${data.reason ? `: ${String(data.reason)}` : ""}`;
    case "OrderRefundFailed":
      return `Refund of ${cents(data.amountCents)} failed: ${String(data.message)}`;
    case "OrderDisputeOpened":
      return `Disputed by the buyer's bank${data.reason ? `: ${String(data.reason)}` : ""}`;
    case "OrderDisputeClosed":
      return "Dispute closed";
    case "OrderReleased": {
      const stock = Array.isArray(data.stock) ? data.stock.length : 0;
      const uses = Array.isArray(data.discountClaims) ? data.discountClaims.length : 0;
      return `Gave back stock of ${stock} line${stock === 1 ? "" : "s"} and ${uses} discount use${uses === 1 ? "" : "s"}`;
    }
    default:
      return type;
  }
}

/** The staff's orders (back office): the live list, the order page with its history, and the four actions. */
export function makeAdminOrdersRouter(deps: AdminOrdersRouterDeps): Router {
  const router = Router();

  async function load(number: string) {
    const recorded = await deps.store.readStream(orderStream(number));
    const state = foldStream(orderDecider, recorded);
    if (!state.placed) throw new OrderNotFoundError();
    return { recorded, state, version: recorded.at(-1)!.streamPosition };
  }

  const run = staffCommandRunner(deps, {
    what: "order",
    decider: orderDecider,
    stream: orderStream,
    decide: decideOrder,
    readModels: ["orders"],
  });

  // Stock, discount uses and donations follow a cancel or a refund; the answer shows the order after them.
  async function afterSale(req: Request, number: string) {
    const last = await putBack(deps, number, eventMetadata(req));
    if (last) await deps.waitForProjections(last, ["orders", "campaigns", "catalog"]);
    return load(number);
  }

  const answer = async (state: OrderState, version: number) => {
    const personal = await openOrderPersonal(deps.db, state.placed!);
    // The test gateway moves no money: staff must not ship an order it "paid".
    const shopTestMode = deps.gateway.name === "test";
    const order = orderViewOf(state.placed!, personal, state);
    return {
      metadata: { success: true },
      ...adminOrderOf(state, version, personal, shopTestMode),
      order: { ...order, test_mode: order.test_mode || shopTestMode },
    };
  };

  router.get(ADMIN_ORDER_BASE, async (req, res) => {
    const q = parseQuery(OrderListQuery, req.query);
    const column = sortColumn(q.sort, ORDER_SORT_COLUMNS);
    let query = deps.db.selectFrom("orders");
    if (q.q) {
      const pattern = containsPattern(q.q);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(number)`, "like", pattern),
          eb(sql`lower(name)`, "like", pattern),
          eb(sql`lower(email)`, "like", pattern),
        ]),
      );
    }
    const counted = await query.select(sql<string>`count(*)`.as("total")).executeTakeFirstOrThrow();
    let page = query
      .selectAll()
      .orderBy(sql.ref(column), q.sort.startsWith("-") ? "desc" : "asc")
      .orderBy("number", "desc")
      .offset(q.start);
    if (q.count >= 0) page = page.limit(q.count);
    const rows = await page.execute();
    res.json({
      metadata: { success: true },
      items: rows.map((r) => ({
        id: r.number,
        number: r.number,
        placed_at: r.placed_at,
        name: r.name,
        email: r.email,
        status: r.status,
        payment_status: r.payment_status,
        total_cents: Number(r.total_cents),
        version: r.version,
      })),
      total: Number(counted.total),
      count: q.count,
      start: q.start,
    });
  });

  router.get(`${ADMIN_ORDER_BASE}:number/`, async (req, res) => {
    const { state, version } = await load(numberOf(req));
    res.json(await answer(state, version));
  });

  router.get(`${ADMIN_ORDER_BASE}:number/history/`, async (req, res) => {
    const { recorded } = await load(numberOf(req));
    const items = recorded.map((e) => {
      const data = (e.data ?? {}) as Record<string, unknown>;
      const by = data.by && typeof data.by === "object" && "name" in data.by ? String(data.by.name) : null;
      return {
        version: e.streamPosition,
        type: e.type,
        at: e.createdAt.toISOString(),
        by,
        summary: historyLine(e.type, data),
      };
    });
    res.json({ metadata: { success: true }, items });
  });

  router.post(`${ADMIN_ORDER_BASE}:number/ship/`, async (req, res) => {
    const input = parseRequest(ShipOrderRequest, req.body);
    const number = numberOf(req);
    const { state, version } = await run(
      req,
      number,
      { type: "Ship", trackingNumber: input.tracking_number },
      input.expected_version,
    );
    res.json(await answer(state, version));
  });

  router.post(`${ADMIN_ORDER_BASE}:number/cancel/`, async (req, res) => {
    const input = parseRequest(CancelOrderRequest, req.body);
    const number = numberOf(req);
    await run(req, number, { type: "Cancel", reason: input.reason }, input.expected_version);
    const { state, version } = await afterSale(req, number);
    res.json(await answer(state, version));
  });

  // The money is in: only now do the order's donations count toward their campaigns, and the buyer
  // gets the full confirmation (until then their address got only the order number and the amount).
  router.post(`${ADMIN_ORDER_BASE}:number/check-received/`, async (req, res) => {
    const input = parseRequest(CheckReceivedRequest, req.body);
    const number = numberOf(req);
    const { state, version } = await run(req, number, { type: "RecordCheck" }, input.expected_version);
    const placed = state.placed!;
    const metadata = eventMetadata(req);
    const gifts = await recordOrderGifts(deps, placed, deps.clock(), metadata);
    if (gifts) await deps.waitForProjections(gifts, ["campaigns"]);
    const personal = await openOrderPersonal(deps.db, placed);
    const person = personOfValue(placed.personal, placed.userId);
    if (personal && person) await queueOrderConfirmation(deps, orderViewOf(placed, personal, state), person, metadata);
    res.json(await answer(state, version));
  });

  // The refund is recorded first (at the expected version, so two staff cannot both refund the same
  // money), then asked of the gateway; a refusal appends OrderRefundFailed, which makes it refundable again.
  router.post(`${ADMIN_ORDER_BASE}:number/refund/`, async (req, res) => {
    const input = parseRequest(RefundOrderRequest, req.body);
    const number = numberOf(req);
    const { state: before } = await load(number);
    const payment = before.placed!.payment;
    const throughGateway = payment.type === "card" && payment.reference !== null;
    const command: OrderCommand = {
      type: "Refund",
      amountCents: input.amount_cents ?? null,
      reason: input.reason,
      gateway: throughGateway ? payment.gateway : null,
      reference: throughGateway ? payment.reference : null,
    };
    const result = await run(req, number, command, input.expected_version);
    const refunded = before.placed && result.state.refundedCents - before.refundedCents;
    if (throughGateway && refunded) {
      try {
        await deps.gateway.refund(payment.reference!, refunded);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failed = await recordRefundFailed(
          deps,
          { number, amountCents: refunded, message, by: byUser(req) },
          eventMetadata(req),
        );
        await deps.waitForProjections(failed, ["orders"]);
        throw new RefundFailedError(message);
      }
    }
    const { state, version } = await afterSale(req, number);
    res.json(await answer(state, version));
  });

  return router;
}
