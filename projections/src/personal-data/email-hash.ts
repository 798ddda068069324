import { createHmac, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { normalisedEmail, type EmailHash } from "@shop/shared";
import type { Database } from "../database.ts";

/** The site key the email hashes are made with: one row of `site_keys`, created once, never rotated. */
const EMAIL_HASH_KEY = "email-hash";

/** Creates the site's own keys table (outside the log, like `person_keys`; erasure never deletes them). */
export async function migrateSiteKeys(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS site_keys (
    name text PRIMARY KEY,
    key bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

// Per connection (a Kysely object): the key never changes once made, so one SELECT per process will do.
const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

async function loadKey(db: Kysely<Database>): Promise<Buffer> {
  await db
    .insertInto("site_keys")
    .values({ name: EMAIL_HASH_KEY, key: randomBytes(32) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("site_keys")
    .select("key")
    .where("name", "=", EMAIL_HASH_KEY)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.key);
}

function siteKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db)); // a failed read is tried again next time
  }
  return key;
}

/**
 * HMAC-SHA256 of the normalised email with the site's key (`site_keys`, outside the log): what names
 * an email's claim and newsletter streams, guest persons and login counters, so none of them holds the
 * address. Stable across processes and restarts; someone without the database cannot test a guess.
 */
export async function emailHash(db: Kysely<Database>, email: string): Promise<EmailHash> {
  const key = await siteKey(db);
  return createHmac("sha256", key).update(normalisedEmail(email)).digest("base64url") as EmailHash;
}
