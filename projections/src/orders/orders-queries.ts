import type { Kysely } from "kysely";
import type { z } from "zod";
import { OrderPersonal, type OrderPlaced } from "@shop/shared";
import type { Database } from "../database.ts";
import { openSealedOrClear } from "../personal-data/person-keys.ts";

type OrderPlacedData = z.infer<typeof OrderPlaced.schema>;

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

/** The buyer's data of an order read from its stream: in clear (older orders) or opened; null once erased. */
export function openOrderPersonal(db: Kysely<Database>, placed: Pick<OrderPlacedData, "personal">) {
  return openSealedOrClear(db, placed.personal, OrderPersonal);
}
