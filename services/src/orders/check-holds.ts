import type { Kysely } from "kysely";
import {
  canDo,
  formatCents,
  orderStatus,
  orderStream,
  personOfValue,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type OrderEvent,
  type OrderState,
} from "@shop/shared";
import { openOrderPersonal, type Database } from "@shop/projections";
import { foldStream } from "../platform/command-handler.ts";
import { startLeaderSweeper, type Sweeper } from "../platform/leader-sweeper.ts";
import type { Logger } from "../platform/logger.ts";
import { putBack } from "./after-sale.ts";
import { orderCommand, orderDecider } from "./decide.ts";
import { queueHoldExpiredMail } from "./order-confirmation-mail.ts";

/**
 * Pure: an order still awaiting its check once its hold has ended is cancelled by the server. Nothing
 * for an order that was paid, cancelled, shipped, has no hold (placed before holds) or whose hold runs on.
 */
export function decideHoldExpiry(state: OrderState, now: Date): OrderEvent[] {
  const placed = state.placed;
  if (!placed || !canDo(orderStatus(state), "expire hold")) return [];
  if (!state.holdUntil || now.getTime() < Date.parse(state.holdUntil)) return [];
  return [
    {
      type: "OrderHoldExpired",
      data: { number: placed.number, holdUntil: state.holdUntil, at: now.toISOString() },
    },
  ];
}

export interface CheckHoldDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
}

/**
 * Ends one order's hold if it is due: OrderHoldExpired at the order stream's version (so two sweeps
 * cancel once), then the cancel's own path (`putBack`: OrderReleased, stock and discount uses back,
 * idempotent), then a mail to the buyer (one mail id per order). Answers the last position written.
 */
export async function expireCheckHold(deps: CheckHoldDeps, number: string): Promise<LogPosition | null> {
  const now = deps.clock();
  const metadata: EventMetadata = {};
  const expired = await orderCommand(deps.store, orderStream(number), (state) => decideHoldExpiry(state, now), {
    metadata,
  });
  if (!expired.appended) return null;
  let last: LogPosition = expired.appended.position;
  last = (await putBack(deps, number, metadata)) ?? last;
  const state = foldStream(orderDecider, await deps.store.readStream(orderStream(number)));
  const placed = state.placed!;
  const personal = await openOrderPersonal(deps.db, placed);
  const holdUntil = (expired.events[0].data as { holdUntil: string }).holdUntil;
  // The mail is sealed with the buyer's key, as the order is: no key (an erased buyer), no mail.
  const person = personOfValue(placed.personal, placed.userId);
  if (personal && person) {
    const mailed = await queueHoldExpiredMail(
      deps,
      { number, total: formatCents(placed.totals.totalCents), email: personal.billing.email },
      person,
      holdUntil,
      metadata,
    );
    last = mailed ?? last;
  }
  return last;
}

/** The orders whose hold has ended by `now`, oldest first (the orders read model; the stream decides). */
export async function findExpiredCheckHolds(db: Kysely<Database>, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .selectFrom("orders")
    .select("number")
    .where("hold_until", "<=", now.toISOString())
    .orderBy("hold_until")
    .limit(limit)
    .execute();
  return rows.map((r) => r.number);
}

/**
 * The leader's sweep of unpaid check orders (every minute by default): each order whose hold ended is
 * cancelled, its stock and uses put back and its buyer mailed. One process across the cluster (the
 * projection leader's lock), and each cancel is appended at the stream's version, so it happens once.
 */
export function startCheckHoldSweeper(
  deps: CheckHoldDeps & { log: Pick<Logger, "error">; isLeader: () => boolean; intervalMs?: number },
): Sweeper {
  return startLeaderSweeper({
    what: "check hold expiry",
    isLeader: deps.isLeader,
    log: deps.log,
    intervalMs: deps.intervalMs ?? 60_000,
    due: () => findExpiredCheckHolds(deps.db, deps.clock()),
    handle: (number) => expireCheckHold(deps, number),
    describe: (number) => ({ order: number }),
  });
}
