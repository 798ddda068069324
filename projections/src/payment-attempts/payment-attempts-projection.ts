import { sql, type Selectable } from "kysely";
import { isEventOf, paymentAttemptEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";
import { upsertRows } from "../runner/row-projector.ts";
import type { PaymentAttemptsTable } from "./payment-attempts-tables.ts";

/** Which payment attempts are settled (issue 23): the reactor's work list. */
export const paymentAttemptsProjection: Projection = {
  name: "payment-attempts",
  version: 1,
  tables: ["payment_attempts"],
  // The reactor's take-over moves no row: the attempt stays on its list until it is settled.
  handles: paymentAttemptEvents.map((e) => e.type).filter((type) => type !== "PaymentAttemptTakenOver"),
  async migrate(db) {
    await sql`CREATE TABLE IF NOT EXISTS payment_attempts (
      attempt_id text PRIMARY KEY,
      started_at text NOT NULL,
      updated_at text NOT NULL,
      settled text,
      resumed boolean NOT NULL DEFAULT false
    )`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS payment_attempts_unsettled ON payment_attempts (updated_at) WHERE settled IS NULL`.execute(
      db,
    );
  },
  async apply(trx, recorded) {
    if (!isEventOf(paymentAttemptEvents, recorded)) return;
    const event = recorded;
    const { attemptId, at } = event.data;
    switch (event.type) {
      case "PaymentAttemptStarted":
        await trx
          .insertInto("payment_attempts")
          .values({ attempt_id: attemptId, started_at: at, updated_at: at, settled: null, resumed: false })
          .onConflict((oc) => oc.column("attempt_id").doNothing())
          .execute();
        return;
      case "PaymentAttemptAuthorised":
      case "PaymentAttemptNumbered":
        await trx.updateTable("payment_attempts").set({ updated_at: at }).where("attempt_id", "=", attemptId).execute();
        return;
      case "PaymentAttemptFinished":
      case "PaymentAttemptUndone":
        await trx
          .updateTable("payment_attempts")
          .set({
            updated_at: at,
            settled: event.type === "PaymentAttemptFinished" ? "finished" : "undone",
            resumed: event.data.resumed,
          })
          .where("attempt_id", "=", attemptId)
          .execute();
        return;
      case "PaymentAttemptTakenOver":
        return;
      default: {
        event satisfies never;
      }
    }
  },
  /**
   * The same rows in two statements: the batch's attempts read at once, each event folded onto its
   * row in memory as `apply`'s statement changes it, the changed rows written by one multi-row upsert.
   */
  async applyBatch(trx, events) {
    const attempts = events.flatMap((e) =>
      isEventOf(paymentAttemptEvents, e) && e.type !== "PaymentAttemptTakenOver" ? [e] : [],
    );
    const ids = [...new Set(attempts.map((e) => e.data.attemptId))];
    if (ids.length === 0) return;
    const rows = new Map<string, Selectable<PaymentAttemptsTable>>();
    for (const row of await trx.selectFrom("payment_attempts").selectAll().where("attempt_id", "in", ids).execute())
      rows.set(row.attempt_id, row);
    const changed = new Set<string>();
    for (const event of attempts) {
      const { attemptId, at } = event.data;
      const row = rows.get(attemptId);
      if (event.type === "PaymentAttemptStarted") {
        if (row) continue; // ON CONFLICT DO NOTHING
        rows.set(attemptId, { attempt_id: attemptId, started_at: at, updated_at: at, settled: null, resumed: false });
      } else if (!row)
        continue; // an UPDATE of no row
      else if (event.type === "PaymentAttemptAuthorised" || event.type === "PaymentAttemptNumbered")
        rows.set(attemptId, { ...row, updated_at: at });
      else
        rows.set(attemptId, {
          ...row,
          updated_at: at,
          settled: event.type === "PaymentAttemptFinished" ? "finished" : "undone",
          resumed: event.data.resumed,
        });
      changed.add(attemptId);
    }
    await upsertRows(
      trx,
      "payment_attempts",
      ["attempt_id"],
      [...changed].map((id) => rows.get(id)!),
    );
  },
};
