import type { Kysely } from "kysely";
import type { Database } from "../database.ts";

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listUsers(db: Kysely<Database>) {
  return db.selectFrom("users").select(["id", "email", "name", "is_staff"]).orderBy("email").execute();
}
