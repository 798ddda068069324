import { describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";
import { migrateStaffPresence } from "./staff-presence.ts";

// PGlite has one session: nothing can race there, so this runs on PostgreSQL only.
describe.skipIf(!testDatabaseUrl())("staff_presence table on PostgreSQL", () => {
  it("processes starting at once on a fresh schema all create the table without a catalog race", {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < 5; round++) {
      const database = await openTestDatabase();
      try {
        const started = await Promise.allSettled(Array.from({ length: 8 }, () => migrateStaffPresence(database.db)));
        expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "created"))).toEqual(
          Array(8).fill("created"),
        );
        await database.db
          .insertInto("staff_presence")
          .values({ user_id: "u1", process_id: "p1", last_seen: new Date().toISOString() })
          .execute();
      } finally {
        await database.drop();
      }
    }
  });
});
