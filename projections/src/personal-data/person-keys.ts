import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { z } from "zod";
import type { Sealed, SealedOrClear } from "@shop/shared";
import type { Database } from "../database.ts";
import { emailHash, migrateSiteKeys } from "./email-hash.ts";

// AES-256-GCM (node:crypto): a random 96-bit IV per box, the 128-bit tag checked on opening.
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Creates the key table (outside the log, untouched by replays; a backup policy of its own). */
export async function migratePersonKeys(db: Kysely<Database>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS person_keys (
    person_id text PRIMARY KEY,
    key bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await migrateSiteKeys(db);
  await sql`CREATE TABLE IF NOT EXISTS guest_persons (
    email_hash text PRIMARY KEY,
    person_id text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await hashOldGuestEmails(db);
}

/** Before the keyed hash, guest_persons held the email itself: each row gets its hash, the email goes. */
async function hashOldGuestEmails(db: Kysely<Database>): Promise<void> {
  const old = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'guest_persons' AND column_name = 'email'`.execute(db);
  if (!old.rows[0]?.n) return;
  await sql`ALTER TABLE guest_persons ADD COLUMN IF NOT EXISTS email_hash text`.execute(db);
  const rows = await sql<{ email: string }>`SELECT email FROM guest_persons`.execute(db);
  for (const { email } of rows.rows)
    await sql`UPDATE guest_persons SET email_hash = ${await emailHash(db, email)} WHERE email = ${email}`.execute(db);
  await sql`ALTER TABLE guest_persons DROP CONSTRAINT IF EXISTS guest_persons_pkey`.execute(db);
  await sql`ALTER TABLE guest_persons DROP COLUMN email`.execute(db);
  await sql`ALTER TABLE guest_persons ADD PRIMARY KEY (email_hash)`.execute(db);
}

/**
 * Keys read ahead for a batch of events, per transaction object (see expectPersonKeys): a person
 * listed there is answered from memory, null when they had no key; anyone else is read as usual.
 */
const prefetched = new WeakMap<object, { wanted: string[]; keys: Map<string, Buffer | null> }>();

/**
 * Announces the persons whose boxes the work on `db` (a transaction) may open: the first box opened
 * through `db` reads all their keys in one query, and the others are then opened without a read. A
 * projector that opens no box reads nothing. Keys live outside the log and a projector never writes
 * them (sealing and erasure are the commands' work, and drop what is kept here).
 */
export function expectPersonKeys(db: Kysely<Database>, persons: Iterable<string>): void {
  const wanted = [...new Set(persons)];
  if (wanted.length > 0) prefetched.set(db, { wanted, keys: new Map() });
}

async function readAhead(db: Kysely<Database>, ahead: { wanted: string[]; keys: Map<string, Buffer | null> }) {
  const { wanted } = ahead;
  ahead.wanted = [];
  const { rows } = await sql<{
    person_id: string;
    key: Buffer;
  }>`SELECT person_id, key FROM person_keys WHERE person_id = ANY(${wanted}::text[])`.execute(db);
  for (const person of wanted) ahead.keys.set(person, null);
  for (const row of rows) ahead.keys.set(row.person_id, Buffer.from(row.key));
}

/** The persons whose boxes (`{ person, box }`, at any depth) the events' data carry. */
export function sealedPersonsOf(events: Iterable<{ data: unknown }>): Set<string> {
  const persons = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== "object" || depth > 6) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.person === "string" && typeof record.box === "string") persons.add(record.person);
    for (const key in record) walk(record[key], depth + 1);
  };
  for (const event of events) walk(event.data, 0);
  return persons;
}

/**
 * The person's key, or null (erased, or never made). For a command that opens a box and seals another
 * with the same key (the checkout's payment): one read where opening and sealing took one each.
 */
export const personKeyOf = (db: Kysely<Database>, person: string): Promise<Buffer | null> => keyOf(db, person);

async function keyOf(db: Kysely<Database>, person: string): Promise<Buffer | null> {
  const ahead = prefetched.get(db);
  if (ahead?.wanted.includes(person)) await readAhead(db, ahead);
  if (ahead?.keys.has(person)) return ahead.keys.get(person) ?? null;
  const row = await db.selectFrom("person_keys").select("key").where("person_id", "=", person).executeTakeFirst();
  return row ? Buffer.from(row.key) : null;
}

/** Encrypts `value` (JSON) with the person's key, creating the key on first use. */
export async function sealPersonal(db: Kysely<Database>, person: string, value: unknown): Promise<Sealed> {
  prefetched.get(db)?.keys.delete(person);
  // One statement: the key made now (RETURNING), or the one there before (the statement's snapshot).
  const { rows } = await sql<{ key: Uint8Array }>`WITH made AS (
      INSERT INTO person_keys (person_id, key) VALUES (${person}, ${randomBytes(32)})
      ON CONFLICT (person_id) DO NOTHING RETURNING key)
    SELECT key FROM made UNION ALL SELECT key FROM person_keys WHERE person_id = ${person}`.execute(db);
  // Neither: another writer made it after this statement's snapshot was taken; read it now.
  const key = rows[0] ? Buffer.from(rows[0].key) : await keyOf(db, person);
  if (!key) throw new Error(`the key of ${person} vanished while sealing`); // erased at this very moment
  return { person, box: sealWithKey(key, value) };
}

/**
 * The value sealed in `box`, checked by `schema`; null once the person is erased (no key), or when
 * the box does not open (then logged by the caller's error path, never shown).
 */
export async function openPersonal<S extends z.ZodType>(
  db: Kysely<Database>,
  sealed: Sealed,
  schema: S,
): Promise<z.infer<S> | null> {
  const key = await keyOf(db, sealed.person);
  if (!key) return null;
  const parsed = schema.safeParse(openWithKey(key, sealed.box));
  return parsed.success ? parsed.data : null;
}

/** A value of an event that may predate sealing: data in clear as it is, a box opened (null once erased). */
export async function openSealedOrClear<S extends z.ZodType>(
  db: Kysely<Database>,
  value: SealedOrClear<z.infer<S>>,
  schema: S,
): Promise<z.infer<S> | null> {
  return "clear" in value ? value.clear : openPersonal(db, value, schema);
}

/**
 * The person id of an email without an account here (a guest shopper, a newsletter subscriber), created
 * on first use (`guest-` and a random id); found by the email's keyed hash, so the table holds no address.
 */
export async function guestPerson(db: Kysely<Database>, email: string): Promise<string> {
  const key = await emailHash(db, email);
  // One statement, as sealPersonal's: the id made now, or the one there before.
  const { rows } = await sql<{ person_id: string }>`WITH made AS (
      INSERT INTO guest_persons (email_hash, person_id) VALUES (${key}, ${`guest-${randomUUID()}`})
      ON CONFLICT (email_hash) DO NOTHING RETURNING person_id)
    SELECT person_id FROM made UNION ALL SELECT person_id FROM guest_persons WHERE email_hash = ${key}`.execute(db);
  const row =
    rows[0] ??
    // Made by another writer after this statement's snapshot was taken: read it now.
    (await db.selectFrom("guest_persons").select("person_id").where("email_hash", "=", key).executeTakeFirst());
  if (!row) throw new Error("the guest's person id vanished while it was taken"); // erased at this very moment
  return row.person_id;
}

/**
 * `value` sealed with the key of the guest person of `email`: the person id and the key taken (made
 * on first use) in one statement where `guestPerson` and `sealPersonal` took one each (issue 28, point
 * 3: the checkout's billing step of a guest). Another writer making either after the statement's
 * snapshot falls back to those two, which read it again.
 */
export async function sealGuestPersonal(db: Kysely<Database>, email: string, value: unknown): Promise<Sealed> {
  const hash = await emailHash(db, email);
  // The CTEs' inserts are not seen by the statement's snapshot: each made row comes from RETURNING,
  // each one there before from the table itself.
  const { rows } = await sql<{ person_id: string; key: Uint8Array | null }>`WITH made AS (
      INSERT INTO guest_persons (email_hash, person_id) VALUES (${hash}, ${`guest-${randomUUID()}`})
      ON CONFLICT (email_hash) DO NOTHING RETURNING person_id),
    guest AS (
      SELECT person_id FROM made UNION ALL SELECT person_id FROM guest_persons WHERE email_hash = ${hash}),
    key_made AS (
      INSERT INTO person_keys (person_id, key) SELECT person_id, ${randomBytes(32)}::bytea FROM guest
      ON CONFLICT (person_id) DO NOTHING RETURNING person_id, key)
    SELECT guest.person_id, coalesce(key_made.key, person_keys.key) AS key FROM guest
      LEFT JOIN key_made USING (person_id) LEFT JOIN person_keys USING (person_id)`.execute(db);
  const row = rows[0];
  if (!row?.key) return sealPersonal(db, row?.person_id ?? (await guestPerson(db, email)), value);
  prefetched.get(db)?.keys.delete(row.person_id);
  return { person: row.person_id, box: sealWithKey(Buffer.from(row.key), value) };
}

/** Forgets a guest (erasure): answers the person id the email had, if any, and deletes the mapping. */
export async function forgetGuestPerson(db: Kysely<Database>, email: string): Promise<string | null> {
  const row = await db
    .deleteFrom("guest_persons")
    .where("email_hash", "=", await emailHash(db, email))
    .returning("person_id")
    .executeTakeFirst();
  return row?.person_id ?? null;
}

/** Deletes the person's key: every box sealed with it is unreadable from now on. Answers whether one existed. */
export async function deletePersonKey(db: Kysely<Database>, person: string): Promise<boolean> {
  prefetched.get(db)?.keys.delete(person);
  const result = await db.deleteFrom("person_keys").where("person_id", "=", person).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function sealWithKey(key: Buffer, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

export function openWithKey(key: Buffer, box: string): unknown {
  const raw = Buffer.from(box.slice(3), "base64url");
  const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString();
    return JSON.parse(text);
  } catch {
    return null; // tampered or sealed with another key
  }
}
