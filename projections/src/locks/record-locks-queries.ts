import type { Kysely } from "kysely";
import type { Database } from "../database.ts";

export interface RecordLockKey {
  app: string;
  model: string;
  id: number;
}

export async function findRecordLock(db: Kysely<Database>, key: RecordLockKey) {
  return db
    .selectFrom("record_locks")
    .selectAll()
    .where("app", "=", key.app)
    .where("model", "=", key.model)
    .where("id", "=", key.id)
    .executeTakeFirst();
}

/** The locks of many records in one query (list pages ask for a whole page of rows). */
export async function findRecordLocks(db: Kysely<Database>, keys: RecordLockKey[]) {
  if (keys.length === 0) return [];
  return db
    .selectFrom("record_locks")
    .selectAll()
    .where((eb) =>
      eb.or(keys.map((k) => eb.and([eb("app", "=", k.app), eb("model", "=", k.model), eb("id", "=", k.id)]))),
    )
    .execute();
}
