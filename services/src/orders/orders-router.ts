import { Router } from "express";
import type { Kysely } from "kysely";
import {
  LOGIN_REQUIRED,
  OrderNotFoundError,
  orderCompletePath,
  orderStream,
  orderViewOf,
  type EventStore,
  formatCents,
  type OrderAnswer,
  type OrderHistoryAnswer,
} from "@shop/shared";
import { openOrderPersonal, ordersOfUser, type Database } from "@shop/projections";
import { visitorCartOf } from "../cart/cart-id.ts";
import { errorAnswer } from "../platform/http/error-answers.ts";
import { foldStream } from "../platform/command-handler.ts";
import type { WaitForProjections } from "../platform/read-your-writes.ts";
import { seeOwnWrites } from "../platform/http/written-cookie.ts";
import { orderDecider } from "./decide.ts";

/** The shopper's orders: one order (the complete page) and the signed-in shopper's history. */
export function makeOrdersRouter(deps: {
  db: Kysely<Database>;
  store: EventStore;
  /** PAYMENT_GATEWAY is test: every order page says test mode (no money moves). */
  shopTestMode: boolean;
  waitForProjections: WaitForProjections;
}): Router {
  const router = Router();

  // The buyer sees their order: the same account, or (a guest) the browser whose cart placed it; staff see any.
  // Read from the order's stream, not the read model: the complete page opens right after the order is placed,
  // and shows what staff did since (shipped, cancelled, refunded, check received).
  router.get("/api/store/shop/orders/:number/", async (req, res) => {
    const number = String(req.params.number);
    const recorded = /^\d{1,20}$/.test(number) ? await deps.store.readStream(orderStream(number)) : [];
    const state = foldStream(orderDecider, recorded);
    const placed = state.placed;
    const mine =
      placed &&
      (req.user?.is_staff ||
        (req.user && placed.userId === req.user.id) ||
        (!placed.userId && placed.cartId === visitorCartOf(req)));
    if (!placed || !mine) throw new OrderNotFoundError();
    const order = orderViewOf(placed, await openOrderPersonal(deps.db, placed), state);
    const answer: OrderAnswer = {
      metadata: { success: true },
      order: { ...order, test_mode: order.test_mode || deps.shopTestMode },
    };
    res.json(answer);
  });

  router.get("/api/account/orders/", async (req, res) => {
    if (!req.user) {
      const refusal = errorAnswer("LOGIN_REQUIRED", LOGIN_REQUIRED);
      return void res.status(refusal.status).json(refusal.body);
    }
    // An order the shopper just paid for: its answer did not wait for this read model, the history does.
    await seeOwnWrites(deps.waitForProjections, req, ["orders"]);
    const rows = await ordersOfUser(deps.db, req.user.id);
    const answer: OrderHistoryAnswer = {
      metadata: { success: true },
      items: rows.map((r) => ({
        number: r.number,
        placed_at: r.placed_at,
        status: r.status,
        payment_status: r.payment_status,
        tracking_number: r.tracking_number,
        refunded: formatCents(Number(r.refunded_cents)),
        refunded_cents: Number(r.refunded_cents),
        total: formatCents(Number(r.total_cents)),
        total_cents: Number(r.total_cents),
        url: orderCompletePath(r.number),
      })),
    };
    res.json(answer);
  });

  return router;
}
