// Deferred writes inline their parameters into the SQL text (deferred-writes.ts): a value must come back
// from PostgreSQL exactly as it went in, whatever quotes, backslashes or statement text it holds, or a
// shopper's name could end a statement and start another.
import fc from "fast-check";
import { CompiledQuery, sql, type QueryResult, type Transaction } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseUrl } from "@shop/services/testing/test-database";
import { inDeferredTransaction, inlineParameters } from "./deferred-writes.ts";
import type { Database } from "../database.ts";

const HOSTILE = [
  "O'Brien",
  "'); DROP TABLE events; --",
  "back\\slash \\' and \\\\ two",
  'a "quoted" {array} item',
  "$1 $2 and $$ dollars $$",
  "line\nbreak\ttab",
  "emoji 🙂 and é",
];

describe("deferred writes inline parameters as literals", () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(); // PostgreSQL when DATABASE_URL is set: where writes are deferred
  });
  afterAll(() => database?.drop());

  const roundTrip = async (query: CompiledQuery) =>
    (await sql.raw<{ v: unknown }>(inlineParameters(query)).execute(database.db)).rows[0].v;

  it("hostile text, arrays of it and JSON holding it come back unchanged", async () => {
    for (const text of HOSTILE) {
      expect(await roundTrip(CompiledQuery.raw("SELECT $1::text AS v", [text]))).toBe(text);
      expect(await roundTrip(CompiledQuery.raw("SELECT $1::text[] AS v", [[text, null, text]]))).toEqual([
        text,
        null,
        text,
      ]);
      expect(await roundTrip(CompiledQuery.raw("SELECT $1::jsonb AS v", [{ name: text, list: [text] }]))).toEqual({
        name: text,
        list: [text],
      });
    }
  });

  it("any string comes back unchanged (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 40 }), async (text) => {
        const clean = text.split(String.fromCharCode(0)).join(""); // PostgreSQL text holds no NUL
        expect(await roundTrip(CompiledQuery.raw("SELECT $1::text AS v", [clean]))).toBe(clean);
      }),
      { numRuns: 200 },
    );
  });
});

// A rebuild's batch (rebuild.ts): BEGIN goes with the first statement sent and COMMIT with the last
// writes, so a batch of writes alone is one round trip to PostgreSQL.
describe.skipIf(!testDatabaseUrl())(
  "a transaction with its writes held back (PostgreSQL: PGlite takes one statement a string)",
  () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      database = await openTestDatabase();
      await sql`CREATE TABLE deferred_probe (id int PRIMARY KEY)`.execute(database.db);
    });
    afterAll(() => database?.drop());

    /** Runs `work` in inDeferredTransaction on one connection; answers the SQL of each round trip. */
    const roundTrips = async (work: (trx: Transaction<Database>) => Promise<void>) => {
      const sent: string[] = [];
      await database.db.connection().execute(async (connection) => {
        const counting = {
          executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
            sent.push(query.sql);
            return connection.executeQuery<R>(query);
          },
        } as unknown as Transaction<Database>;
        await inDeferredTransaction(counting, "BEGIN", work);
      });
      return sent;
    };
    const ids = async () =>
      (await sql<{ id: number }>`SELECT id FROM deferred_probe ORDER BY id`.execute(database.db)).rows.map((r) => r.id);

    it("writes alone: BEGIN, the writes and COMMIT in one round trip", async () => {
      const sent = await roundTrips(async (trx) => {
        await sql`INSERT INTO deferred_probe (id) VALUES (${1})`.execute(trx);
        await sql`INSERT INTO deferred_probe (id) VALUES (${2})`.execute(trx);
      });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^BEGIN;\nINSERT[\s\S]*VALUES \('2'\);\nCOMMIT$/);
      expect(await ids()).toEqual([1, 2]);
    });

    it("a read sends the writes before it and sees them; a failing write at COMMIT rolls the whole back", async () => {
      let seen: number[] = [];
      const sent = await roundTrips(async (trx) => {
        await sql`INSERT INTO deferred_probe (id) VALUES (${3})`.execute(trx);
        seen = (await sql<{ id: number }>`SELECT id FROM deferred_probe ORDER BY id`.execute(trx)).rows.map(
          (r) => r.id,
        );
        await sql`DELETE FROM deferred_probe WHERE id = ${1}`.execute(trx);
      });
      expect(seen).toContain(3);
      expect(sent).toHaveLength(3); // BEGIN and the INSERT; the SELECT; the DELETE and COMMIT
      await expect(
        roundTrips(async (trx) => {
          await sql`INSERT INTO deferred_probe (id) VALUES (${4})`.execute(trx);
          await sql`INSERT INTO deferred_probe (id) VALUES (${2})`.execute(trx); // already there
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await ids()).toEqual([2, 3]);
      // The connection is usable again: the failed transaction was rolled back.
      await roundTrips(async (trx) => {
        await sql`INSERT INTO deferred_probe (id) VALUES (${5})`.execute(trx);
      });
      expect(await ids()).toEqual([2, 3, 5]);
    });
  },
);
