// The record locks' batch against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { LockExpired, LockKickedOff, LockReleased, LockTaken } from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { recordLocksProjection } from "./record-locks-projection.ts";

const at = "2026-11-29T20:00:00.000Z";
const edna = { id: "edna", name: "Edna" };
const rick = { id: "rick", name: "Rick" };
const record = (id: number, model = "contentnode") => ({ app: "content", model, id });
const taken = (id: number, user = edna, comment = "", model?: string) =>
  recorded(LockTaken, { ...record(id, model), user, reason: 1, comment, autoCreated: user === edna, takenAt: at });

describe.each(testBackends())("record locks batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 locks taken, taken again, released, kicked off and expired leave the same rows batched as one by one", async () => {
    const events = [
      recorded(LockReleased, { ...record(1), user: edna, by: edna, releasedAt: at }), // none yet
      taken(1),
      taken(2),
      recorded(LockKickedOff, { ...record(2), user: edna, by: rick, kickedOffAt: at }),
      taken(2, rick, "mine now"),
      taken(1, rick, "taken over"),
      taken(3, edna, "", "menunode"),
      recorded(LockExpired, { ...record(3, "menunode"), user: edna, expiredAt: at }),
      recorded(LockReleased, { ...record(9), user: rick, by: rick, releasedAt: at }), // there before
      taken(8, edna, "again"), // there before: replaced
      taken(4),
      recorded(LockExpired, { ...record(4), user: edna, expiredAt: at }),
      taken(4, rick),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, recordLocksProjection, events, {
      sizes: [1, 2, 3, events.length],
      before: async (db) => {
        await sql`INSERT INTO record_locks VALUES ('content', 'contentnode', 9, 'rick', 'Rick', 1, '', false, ${at}),
          ('content', 'contentnode', 8, 'rick', 'Rick', 2, 'old', false, ${at})`.execute(db);
      },
    });
    expect(oneByOne.record_locks.length).toBe(4);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
