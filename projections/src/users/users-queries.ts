import type { Kysely } from "kysely";
import { readModels } from "../read-models.ts";

export async function findUserByEmail(db: Kysely<any>, email: string) {
  return readModels(db)
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<any>, id: string) {
  return readModels(db).selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listUsers(db: Kysely<any>) {
  return readModels(db).selectFrom("users").select(["id", "email", "name", "is_staff"]).orderBy("email").execute();
}
