import type { Kysely } from "kysely";
import type { Database } from "../database.ts";

export function findOrder(db: Kysely<Database>, number: string) {
  return db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst();
}

/** A shopper's orders, newest first. */
export function ordersOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("orders")
    .select(["number", "placed_at", "status", "payment_status", "tracking_number", "refunded_cents", "total_cents"])
    .where("user_id", "=", userId)
    .orderBy("placed_at", "desc")
    .limit(500)
    .execute();
}
