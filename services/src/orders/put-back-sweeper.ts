import type { Kysely } from "kysely";
import type { EventStore } from "@shop/shared";
import type { Database } from "@shop/projections";
import { startLeaderSweeper, type Sweeper } from "../platform/leader-sweeper.ts";
import type { Logger } from "../platform/logger.ts";
import { putBack } from "./after-sale.ts";

export interface PutBackSweepDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
}

/** The orders closed in the last PUT_BACK_WINDOW_MS (the orders read model), soonest to leave it first. */
export async function findRecentlyClosedOrders(db: Kysely<Database>, now: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .selectFrom("orders")
    .select("number")
    .where("put_back_until", ">", now.toISOString())
    .orderBy("put_back_until")
    .limit(limit)
    .execute();
  return rows.map((r) => r.number);
}

/**
 * The leader's sweep that finishes put-backs cut short: a process killed after an order closed
 * (cancelled, refunded, its check hold ended) but before its stock, uses and donations were all
 * back. `putBack` gives back only what was not given back yet (the stock events name the order), so
 * each order closed in the last 15 minutes is run again, every 30 s by default, and an order whose
 * put-back was done gets nothing twice. One process across the cluster (the projection leader).
 */
export function startPutBackSweeper(
  deps: PutBackSweepDeps & { log: Pick<Logger, "error">; isLeader: () => boolean; intervalMs?: number },
): Sweeper {
  return startLeaderSweeper({
    what: "put-back",
    isLeader: deps.isLeader,
    log: deps.log,
    intervalMs: deps.intervalMs ?? 30_000,
    due: () => findRecentlyClosedOrders(deps.db, deps.clock()),
    handle: (number) => putBack(deps, number, {}),
    describe: (number) => ({ order: number }),
  });
}
