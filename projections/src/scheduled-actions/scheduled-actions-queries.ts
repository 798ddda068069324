import type { Kysely } from "kysely";
import type { Database } from "../database.ts";

/** Actions of the admin's list: cancelled ones are gone (DELETE), done and failed stay as history. */
export async function listScheduledActions(
  db: Kysely<Database>,
  filter: { objectId?: number; contentType?: number; start: number; count: number },
) {
  let query = db.selectFrom("scheduled_actions").where("status", "!=", "cancelled");
  if (filter.objectId !== undefined) query = query.where("object_id", "=", filter.objectId);
  if (filter.contentType !== undefined) query = query.where("content_type", "=", filter.contentType);
  const { total } = await query.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirstOrThrow();
  let page = query.selectAll().orderBy("action_time").orderBy("id").offset(filter.start);
  if (filter.count >= 0) page = page.limit(filter.count);
  return { total: Number(total), rows: await page.execute() };
}

export async function findScheduledAction(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("scheduled_actions")
    .selectAll()
    .where("id", "=", id)
    .where("status", "!=", "cancelled")
    .executeTakeFirst();
}

/** Pending actions whose time has come, oldest first. */
export async function findDueScheduledActions(db: Kysely<Database>, now: Date, limit = 50) {
  return db
    .selectFrom("scheduled_actions")
    .select(["id"])
    .where("status", "=", "pending")
    .where("action_time", "<=", now)
    .orderBy("action_time")
    .orderBy("id")
    .limit(limit)
    .execute();
}
