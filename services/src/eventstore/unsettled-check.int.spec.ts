import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { readAllSettled } from "../testing/read-settled.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { createPostgresEventStore, firstEventAfter } from "./postgres-event-store.ts";

// A live subscriber asks after each short read whether committed events lie past it that it may not
// read yet (an older writer still open): while writers are busy, every few milliseconds.
describe("a subscriber's check for unsettled events", () => {
  it("walks the commit-order index from its position instead of scanning the log", async () => {
    const database = await openTestDatabase();
    const store = await createPostgresEventStore(database);
    try {
      // One transaction per event, as carts write, and no statistics yet (autovacuum has not come by).
      for (let i = 0; i < 1500; i++) {
        await store.append(`unsettled-${i}`, [{ type: "TestEvent", data: { n: i } }], { expectedVersion: "no-stream" });
      }
      const all = await readAllSettled(store, undefined, { limit: 5000 });
      expect(all).toHaveLength(1500);
      const nearTheEnd = all[1490].position;

      const { rows } = await sql<{ "QUERY PLAN": string }>`EXPLAIN ${firstEventAfter(nearTheEnd)}`.execute(database.db);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan).toContain("events_commit_order");
      expect(plan).not.toContain("Seq Scan");
      expect((await firstEventAfter(nearTheEnd).execute(database.db)).rows).toHaveLength(1);
      expect((await firstEventAfter(all[1499].position).execute(database.db)).rows).toHaveLength(0);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
