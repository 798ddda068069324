// The sessions' batch against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { UserDisabled, UserLoggedIn, UserLoggedOut } from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { sessionsProjection } from "./sessions-projection.ts";

const loggedIn = (userId: string, sessionHash: string, minute: number) =>
  recorded(UserLoggedIn, {
    userId,
    sessionHash,
    loggedInAt: `2026-11-29T20:${minute}:00.000Z`,
    expiresAt: "2026-12-29T20:00:00.000Z",
  });
const loggedOut = (userId: string, sessionHash: string) => recorded(UserLoggedOut, { userId, sessionHash });
const disabled = (userId: string) => recorded(UserDisabled, { userId, disabledAt: "2026-11-29T20:30:00.000Z" });

describe.each(testBackends())("sessions batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 logins, logouts, a login again with the same hash and disabled users leave the same rows batched as one by one", async () => {
    const events = [
      loggedOut("ann", "s1"), // none yet
      loggedIn("ann", "s1", 10),
      loggedIn("ann", "s1", 11), // there: the first stays
      loggedIn("bob", "s2", 12),
      loggedIn("ann", "s3", 13),
      disabled("ann"), // ends s1, s3 and old-ann
      loggedIn("ann", "s4", 14),
      loggedOut("bob", "old-bob"),
      loggedIn("bob", "old-bob", 15), // there before, ended, begun again
      loggedIn("cy", "old-cy", 16), // there before: kept
      loggedOut("bob", "s2"),
      loggedIn("bob", "s2", 17),
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, sessionsProjection, events, {
      sizes: [1, 2, 3, events.length],
      before: async (db) => {
        await sql`INSERT INTO sessions VALUES ('old-ann', 'ann', '2026-11-01 10:00:00.123456+00', '2026-12-01'),
          ('old-bob', 'bob', '2026-11-01', '2026-12-01'), ('old-cy', 'cy', '2026-11-01', '2026-12-01')`.execute(db);
      },
    });
    expect(oneByOne.sessions.length).toBe(4);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
