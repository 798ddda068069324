import { sql } from "kysely";
import { isEventOf, paymentAttemptEvents } from "@shop/shared";
import type { Projection } from "../runner/projection.ts";

/** Which payment attempts are settled (issue 23): the reactor's work list. */
export const paymentAttemptsProjection: Projection = {
  name: "payment-attempts",
  version: 1,
  tables: ["payment_attempts"],
  handles: paymentAttemptEvents.map((e) => e.type),
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
      default: {
        event satisfies never;
      }
    }
  },
};
