import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { emailHash, guestPerson, migratePersonKeys } from "@shop/projections";
import { openDatabase } from "../platform/database.ts";
import { testBackends } from "../testing/backends.ts";
import { openTestDatabase, testDatabaseUrl } from "../testing/test-database.ts";

describe.each(testBackends())("the keyed email hash on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    // guest_persons as it was before the keyed hash: the address itself as the key.
    await sql`CREATE TABLE guest_persons (
      email text PRIMARY KEY,
      person_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(database.db);
    await sql`INSERT INTO guest_persons (email, person_id) VALUES ('old@example.org', 'guest-old')`.execute(
      database.db,
    );
    await migratePersonKeys(database.db);
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it("security 15: the hash names nothing of the address, is keyed, and every spelling of one address gives one hash", async () => {
    const hash = await emailHash(database.db, " Ann@Example.org ");
    expect(hash).toBe(await emailHash(database.db, "ann@example.org"));
    // A SHA-256 digest, 43 base64url characters: no room for the address (it has "@" and "."). Not a
    // search for "ann" in it: a random key's digest holds those letters by chance about once in 800 runs.
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toBe(createHash("sha256").update("ann@example.org").digest("base64url")); // needs the site key
    expect(await emailHash(database.db, "bob@example.org")).not.toBe(hash);
  });

  it("security 15: another connection (another process, a restart) gets the same hash from the stored site key", async () => {
    const url = pglite ? "" : testDatabaseUrl();
    if (!url) {
      // PGlite has one session: the same key is read back from the table by a fresh query.
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM site_keys`.execute(database.db);
      expect(rows.rows).toEqual([{ n: 1 }]);
      return;
    }
    const other = await openDatabase({ url, schema: database.schema, poolSize: 1 });
    try {
      expect(await emailHash(other.db, "ann@example.org")).toBe(await emailHash(database.db, "ann@example.org"));
    } finally {
      await other.close();
    }
  });

  it("security 15: guest persons stored under the address before keep their person, keyed by the hash now", async () => {
    expect(await guestPerson(database.db, "OLD@example.org")).toBe("guest-old");
    const rows = await sql`SELECT * FROM guest_persons`.execute(database.db);
    expect(JSON.stringify(rows.rows)).not.toContain("old@example.org");
    expect(rows.rows).toEqual([
      expect.objectContaining({ email_hash: await emailHash(database.db, "old@example.org") }),
    ]);
  });
});
