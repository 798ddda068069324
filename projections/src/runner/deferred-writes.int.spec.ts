// Deferred writes inline their parameters into the SQL text (deferred-writes.ts): a value must come back
// from PostgreSQL exactly as it went in, whatever quotes, backslashes or statement text it holds, or a
// shopper's name could end a statement and start another.
import fc from "fast-check";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { inlineParameters } from "./deferred-writes.ts";

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
