// The keywords' batch against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { ContentNodeKeywordLinked, ContentNodeKeywordUnlinked, KeywordCreated } from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { keywordsProjection } from "./keywords-projection.ts";

const createdKeyword = (id: number, slug: string) =>
  recorded(KeywordCreated, { id, name: slug, slug, monthlySearches: id, createdAt: "2026-11-29", by: null });
const link = (id: number, keywordId: number) => recorded(ContentNodeKeywordLinked, { id, keywordId });
const unlink = (id: number, keywordId: number) => recorded(ContentNodeKeywordUnlinked, { id, keywordId });

describe.each(testBackends())("keywords batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 keywords, links and unlinks (twice, before the keyword, of links there before) count the same uses batched as one by one", async () => {
    const events = [
      link(1, 1), // the keyword is not there yet: linked, no use counted
      createdKeyword(1, "ark"),
      link(2, 1),
      link(2, 1), // linked already: no second use
      link(3, 1),
      unlink(3, 1),
      unlink(3, 1), // not linked: no use taken
      createdKeyword(1, "ark-again"), // there: nothing
      link(1, 9), // keyword there before
      unlink(5, 9), // link there before
      link(5, 9),
      unlink(6, 9), // link there before
      createdKeyword(2, "flood"),
      link(7, 2),
      unlink(7, 2),
      link(8, 3), // no such keyword
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, keywordsProjection, events, {
      sizes: [1, 2, 3, events.length],
      before: async (db) => {
        await sql`INSERT INTO keywords VALUES (9, 'Old', 'old', 2, 40)`.execute(db);
        await sql`INSERT INTO content_node_keywords VALUES (5, 9), (6, 9)`.execute(db);
      },
    });
    expect(oneByOne.keywords).toEqual(["(1,ark,ark,1,1)", "(2,flood,flood,0,2)", "(9,Old,old,2,40)"]);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});
