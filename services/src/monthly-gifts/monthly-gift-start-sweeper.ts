import { sql, type Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { startLeaderSweeper, type Sweeper } from "../platform/leader-sweeper.ts";
import type { Logger } from "../platform/logger.ts";
import { startMonthlyGift, type MonthlyGiftDeps } from "./monthly-gift-commands.ts";

/**
 * A first month paid this long ago with no gift started: the giver's own request gave up (the gateway
 * was out of reach after the order was placed, the process died, the tab was closed). Longer than any
 * living request waits for the gateway, so the sweep does not race the giver's own start (and if it
 * did, the gateway's start is idempotent by the gift's id and the gift's stream takes one start).
 */
export const START_QUIET_MS = 2 * 60_000;
/** Older first months are left to staff: a gateway refusing for a week is not a hiccup. */
export const START_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * Paid first months of monthly gifts (an order line marked `monthly`, a signed-in giver) placed between
 * START_WINDOW_MS and START_QUIET_MS ago that have no monthly gift yet (the orders and monthly-gifts read
 * models), oldest first. Cancelled or refunded orders are not started.
 */
export async function findUnstartedMonthlyGifts(
  db: Kysely<Database>,
  now: Date,
  limit = 20,
): Promise<{ number: string; email: string }[]> {
  return db
    .selectFrom("orders as o")
    .select(["o.number", "o.email"])
    .where("o.placed_at", "<", new Date(now.getTime() - START_QUIET_MS).toISOString())
    .where("o.placed_at", ">", new Date(now.getTime() - START_WINDOW_MS).toISOString())
    .where("o.user_id", "is not", null)
    .where("o.payment_status", "=", "paid")
    .where("o.cancelled", "=", false)
    .where(sql<boolean>`o.view -> 'lines' @> '[{"donation": {"monthly": true}}]'::jsonb`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("monthly_gifts as g").select("g.id").whereRef("g.id", "=", "o.number"))),
    )
    .orderBy("o.placed_at")
    .limit(limit)
    .execute();
}

/**
 * The leader's sweep that finishes a monthly gift's start (docs/monthly-gifts.md): every minute by
 * default, each first month found above gets its subscription and MonthlyGiftStarted, as the giver's
 * repeated submit would. One process across the cluster (the projection leader).
 */
export function startMonthlyGiftStartSweeper(
  deps: MonthlyGiftDeps & { log: Pick<Logger, "error">; isLeader: () => boolean; intervalMs?: number },
): Sweeper {
  return startLeaderSweeper({
    what: "monthly gift start",
    isLeader: deps.isLeader,
    log: deps.log,
    intervalMs: deps.intervalMs ?? 60_000,
    due: () => (deps.gateway.monthly ? findUnstartedMonthlyGifts(deps.db, deps.clock()) : Promise.resolve([])),
    handle: ({ number, email }) => startMonthlyGift(deps, number, email, {}),
    describe: ({ number }) => ({ order: number }),
  });
}
