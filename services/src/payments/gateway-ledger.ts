import { sql, type Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { underStartupMigrationLock } from "../platform/startup-migration.ts";

/**
 * The test gateway's own record of money (issue 23, point 3), in the shop's database but outside the
 * event log, as a real gateway keeps its own books: every authorisation, capture, void and refund,
 * written before the gateway answers. A process killed after an authorisation leaves its row, so the
 * payment reactor can void it and `ops reconcile` can compare it with the orders.
 */
export interface LedgerRow {
  reference: string;
  kind: "authorise" | "capture" | "void" | "refund";
  amount_cents: number;
  idempotency_key: string | null;
  brand: string | null;
  last4: string | null;
  at: string;
}

export async function migrateGatewayLedger(db: Kysely<Database>): Promise<void> {
  await underStartupMigrationLock(db, async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS gateway_ledger (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reference text NOT NULL,
      kind text NOT NULL,
      amount_cents bigint NOT NULL,
      idempotency_key text NULL,
      brand text NULL,
      last4 text NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(trx);
    await sql`CREATE INDEX IF NOT EXISTS gateway_ledger_reference ON gateway_ledger (reference)`.execute(trx);
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS gateway_ledger_authorise_key ON gateway_ledger (idempotency_key) WHERE kind = 'authorise'`.execute(
      trx,
    );
  });
}

/** The ledger's rows, oldest first; `since` leaves out what happened before. */
export async function readLedger(db: Kysely<Database>, since?: Date): Promise<LedgerRow[]> {
  const { rows } = await sql<LedgerRow & { amount_cents: string | number; at: Date | string }>`
    SELECT reference, kind, amount_cents, idempotency_key, brand, last4, at FROM gateway_ledger
    WHERE ${since ? sql`at >= ${since.toISOString()}` : sql`true`} ORDER BY id`.execute(db);
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), at: new Date(r.at as string).toISOString() }));
}

export async function writeLedger(db: Kysely<Database>, row: Omit<LedgerRow, "at">): Promise<void> {
  await sql`INSERT INTO gateway_ledger (reference, kind, amount_cents, idempotency_key, brand, last4)
    VALUES (${row.reference}, ${row.kind}, ${row.amount_cents}, ${row.idempotency_key}, ${row.brand}, ${row.last4})`.execute(
    db,
  );
}

/**
 * Writes an authorisation unless one was made with its idempotency key (by an earlier call, another
 * process, or before a restart) and answers the one that stands: in one statement, where a read of
 * the key and then the insert took two (and two at once with one key made the second fail).
 */
export async function writeAuthorisation(
  db: Kysely<Database>,
  row: Omit<LedgerRow, "at" | "kind" | "idempotency_key"> & { idempotency_key: string },
): Promise<LedgerRow> {
  const { rows } = await sql<LedgerRow & { amount_cents: string | number; at: Date | string }>`WITH made AS (
      INSERT INTO gateway_ledger (reference, kind, amount_cents, idempotency_key, brand, last4)
      VALUES (${row.reference}, 'authorise', ${row.amount_cents}, ${row.idempotency_key}, ${row.brand}, ${row.last4})
      ON CONFLICT (idempotency_key) WHERE kind = 'authorise' DO NOTHING
      RETURNING reference, kind, amount_cents, idempotency_key, brand, last4, at)
    SELECT * FROM made
    UNION ALL SELECT reference, kind, amount_cents, idempotency_key, brand, last4, at FROM gateway_ledger
      WHERE kind = 'authorise' AND idempotency_key = ${row.idempotency_key}`.execute(db);
  const stands = rows[0]
    ? { ...rows[0], amount_cents: Number(rows[0].amount_cents), at: new Date(rows[0].at as string).toISOString() }
    : // Made by another call after this statement's snapshot was taken: read it now.
      (await readLedgerOf(db, null, row.idempotency_key))[0];
  if (!stands) throw new Error(`the authorisation keyed ${row.idempotency_key} vanished while it was written`);
  return stands;
}

/** A charge as the ledger holds it: its authorised amount (null: never authorised), what moved since. */
export interface LedgerCharge {
  authorised: number | null;
  captured: number;
  refunded: number;
  voided: boolean;
}

/**
 * Captures the charge up to `amountCents` unless it is voided, refunded, never authorised or captured
 * that far already, and answers the charge as it stood before: in one statement, where a read of the
 * charge and then the insert took two (issue 28, point 3).
 */
export async function writeCapture(
  db: Kysely<Database>,
  reference: string,
  amountCents: number,
): Promise<LedgerCharge> {
  const { rows } = await sql<Record<keyof LedgerCharge, string | number | boolean | null>>`WITH charge AS (
      SELECT max(amount_cents) FILTER (WHERE kind = 'authorise') AS authorised,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'capture'), 0) AS captured,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'refund'), 0) AS refunded,
        coalesce(bool_or(kind = 'void'), false) AS voided
      FROM gateway_ledger WHERE reference = ${reference}),
    made AS (
      INSERT INTO gateway_ledger (reference, kind, amount_cents, idempotency_key, brand, last4)
      SELECT ${reference}, 'capture', least(authorised, ${amountCents}) - captured, NULL, NULL, NULL FROM charge
      WHERE authorised IS NOT NULL AND NOT voided AND refunded = 0 AND captured < least(authorised, ${amountCents})
      RETURNING id)
    SELECT authorised, captured, refunded, voided, (SELECT count(*) FROM made) AS made FROM charge`.execute(db);
  const row = rows[0];
  return {
    authorised: row?.authorised == null ? null : Number(row.authorised),
    captured: Number(row?.captured ?? 0),
    refunded: Number(row?.refunded ?? 0),
    voided: row?.voided === true,
  };
}

/** One charge's rows (by reference), or the authorisation made with an idempotency key. */
export async function readLedgerOf(
  db: Kysely<Database>,
  reference: string | null,
  idempotencyKey?: string,
): Promise<LedgerRow[]> {
  const { rows } = await sql<LedgerRow & { amount_cents: string | number; at: Date | string }>`
    SELECT reference, kind, amount_cents, idempotency_key, brand, last4, at FROM gateway_ledger
    WHERE ${reference !== null ? sql`reference = ${reference}` : sql`kind = 'authorise' AND idempotency_key = ${idempotencyKey ?? ""}`}
    ORDER BY id`.execute(db);
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), at: new Date(r.at as string).toISOString() }));
}
