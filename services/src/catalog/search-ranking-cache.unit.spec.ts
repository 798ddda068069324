import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import type { ProductListQuery } from "@shop/shared/catalog/api";
import { makeSearchRankingCache } from "./search-ranking-cache.ts";

const db = null as unknown as Kysely<Database>; // unused while a stamp is given
const query = (q: string, more: Partial<ProductListQuery> = {}) =>
  ({ q, start: 0, count: 24, ...more }) as ProductListQuery;

describe("the kept order of a search of several words", () => {
  it("spec 28.1 every page of a search, and the requests that arrive while it is ranked, share one ranking", async () => {
    let stamp = "1";
    const ranked: string[] = [];
    const rank = (q: ProductListQuery) => async () => {
      ranked.push(`${q.q} ${stamp}`);
      return [3, 1, 2];
    };
    const cache = makeSearchRankingCache(db, () => stamp);
    const answers = await Promise.all([
      cache(query("creation kids"), rank(query("creation kids"))),
      cache(query("creation kids", { start: 24 }), rank(query("creation kids"))),
    ]);
    expect(answers).toEqual([
      [3, 1, 2],
      [3, 1, 2],
    ]);
    expect(ranked).toEqual(["creation kids 1"]);
    // Another filter is another ranking; a catalog change (a new stamp) ranks again.
    await cache(query("creation kids", { category: ["books"] }), rank(query("creation kids")));
    stamp = "2";
    await cache(query("creation kids"), rank(query("creation kids")));
    expect(ranked).toEqual(["creation kids 1", "creation kids 1", "creation kids 2"]);
  });

  it("spec 28.1 a ranking that failed is not kept", async () => {
    const cache = makeSearchRankingCache(db, () => "1");
    await expect(cache(query("a b"), () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache(query("a b"), async () => [7])).toEqual([7]);
  });
});
