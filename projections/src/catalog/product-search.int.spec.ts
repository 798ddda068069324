// Product search (issue 28.1) on a real database: relevance, prefixes, and the fast page against ranking every match.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { ProductCreated, ProductUpdated, SkuCreated, type EventDefinition } from "@shop/shared";
import type { ProductListQuery } from "@shop/shared/catalog/api";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { applyEvents } from "../runner/apply.ts";
import type { Database } from "../database.ts";
import { catalogProjection } from "./catalog-projection.ts";
import { listProductsCounts } from "./catalog-queries.ts";
import { productsPage, rankEveryMatch, type RankingCache } from "./product-search.ts";
import { prepareSearch } from "./product-search-plan.ts";
import { recordedEvent } from "../runner/batch-equivalence.ts";

const at = "2026-11-29T06:00:00.000Z";
const recorded = (definition: EventDefinition, data: object) =>
  recordedEvent(definition, data, { id: "search-test", createdAt: new Date(at) });

/** A product with one active SKU (so it is listed); the SKU's code says its category. */
function product(id: number, fields: { title: string; subtitle?: string; author?: string; series?: string }) {
  return [
    recorded(ProductCreated, { id, slug: `p-${id}`, createdAt: at, ...fields }),
    recorded(SkuCreated, {
      id: 10_000 + id,
      code: `${id % 2 ? "10-1-" : "30-1-"}${id}`,
      productId: id,
      priceCents: 1000 + id,
      createdAt: at,
    }),
  ];
}

// Known products for the relevance rules, then many alike (ties of equal score) for the fast page.
const known = [
  ...product(1, { title: "Creation Answers", author: "Ken Ham" }),
  ...product(2, { title: "Oceans Explained", subtitle: "Creation for the whole family" }),
  ...product(3, { title: "Stars", series: "Wonders of Creation" }),
  ...product(4, { title: "Creation in Creation's Words", subtitle: "creation" }),
  ...product(5, { title: "Answers in Pictures", author: "Answers in Genesis" }),
  ...product(6, { title: "The Ark Handbook", subtitle: "Landing on Mount Ararat" }),
  ...product(7, { title: "Creationist Revisited" }),
];
const ADJECTIVES = ["Ancient", "Hidden", "Great", "Living", "Young"];
const NOUNS = ["Answers", "Creation", "Flood", "Dinosaurs", "Stars"];
const SERIES = ["The New Answers", "Wonders of Creation", "Kids Answers", ""];
const many = Array.from({ length: 400 }, (_, k) => {
  const id = 100 + k;
  return product(id, {
    title: `${ADJECTIVES[k % 5]} ${NOUNS[(k * 7) % 5]} ${k % 3 ? "for Kids" : ""} ${id}`,
    subtitle: k % 4 === 0 ? `${NOUNS[(k * 3) % 5].toLowerCase()} for the whole family` : "",
    series: SERIES[k % 4],
  });
}).flat();
// 21 products of five words each begun by "quill": more than MAX_EXPANSIONS, so "quill" is an incomplete prefix.
const LETTERS = "abcdefghijklmnopqrstu";
const quills = Array.from({ length: 21 }, (_, i) =>
  product(700 + i, { title: [..."vwxyz"].map((b) => `Quill${LETTERS[i]}${b}`).join(" ") }),
).flat();

describe.each(testBackends())("product search on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Kysely<Database>;
  const query = (q: string, more: Partial<ProductListQuery> = {}): ProductListQuery => ({
    q,
    start: 0,
    count: 24,
    ...more,
  });
  const search = async (q: string, more: Partial<ProductListQuery> = {}) => {
    const plan = await prepareSearch(db, q);
    return plan ? productsPage(db, query(q, more), plan) : [];
  };
  const ids = async (q: string, more: Partial<ProductListQuery> = {}) => (await search(q, more)).map((p) => p.id);

  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
    db = database.db;
    await catalogProjection.migrate(db);
    await db.transaction().execute((trx) => applyEvents(trx, catalogProjection, [...known, ...many, ...quills]));
  });
  afterAll(() => database?.drop());

  it("spec 28.1 a search ranks a title match above a subtitle, series or author match", async () => {
    const known = async (q: string) => (await ids(q, { count: 1000 })).filter((id) => id < 100);
    // 4 has it twice in the title and in the subtitle; a series (3) is indexed twice (English and plain
    // words, as author), so it outweighs a subtitle (2); 7 has only a word it begins.
    expect(await known("creation")).toEqual([4, 1, 3, 2, 7]);
    expect(await known("answers")).toEqual([5, 1]);
    expect(await ids("ararat")).toEqual([6]);
    expect(await ids("mount ararat landing")).toEqual([6]);
    expect(await ids("creation zebra")).toEqual([]);
  });

  it("spec 28.1 a word being typed finds the words it begins; a whole word ranks above a word it begins", async () => {
    expect(await ids("arar")).toEqual([6]);
    expect(await ids("ark hand")).toEqual([6]);
    expect((await ids("ans", { count: 1000 })).filter((id) => id < 100)).toEqual([5, 1]);
    // "Creationist" holds "creation" only as a beginning: after every product with the whole word.
    expect((await ids("creation", { count: 1000 })).at(-1)).toBe(7);
  });

  it("spec 28.1 every page of a search is the page ranking every match gives, its total their number", async () => {
    const cases: [string, Partial<ProductListQuery>][] = [
      ["creation", {}],
      ["creation", { start: 24 }],
      ["creation", { start: 48, count: 5 }],
      ["creation", { start: 90, count: 96 }],
      ["answers", { start: 30, count: 10 }],
      ["creation kids", {}],
      ["creation kids", { start: 40, count: 12 }],
      ["crea", {}],
      ["ans", { start: 24 }],
      ["stars family", {}],
      ["creation", { category: ["books"] }],
      ["answers", { category: ["videos"], start: 10, count: 10 }],
      ["creation kids", { category: ["books"], start: 5 }],
      ["great stars", {}],
    ];
    for (const [q, more] of cases) {
      const plan = (await prepareSearch(db, q))!;
      const fast = await productsPage(db, query(q, more), plan);
      const every = await rankEveryMatch(db, query(q, more), plan);
      expect(
        fast.map((p) => p.id),
        `${q} ${JSON.stringify(more)}`,
      ).toEqual(every.map((p) => p.id));
      expect(fast.length).toBeGreaterThan(0);
      const all = await rankEveryMatch(db, query(q, { ...more, start: 0, count: 10_000 }), plan);
      expect((await listProductsCounts(db, query(q, more), plan)).total).toBe(all.length);
    }
  });

  it("spec 28.1 a one-word search is one statement that stops early, the page ranking every match gives", async () => {
    let statements = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const cases: [string, Partial<ProductListQuery>][] = [
      ["creation", {}],
      ["creation", { start: 24 }],
      ["creation", { start: 90, count: 96 }],
      ["creations", { count: 3 }],
      ["ararat", {}],
      ["crea", {}],
      ["crea", { start: 30, count: 7 }],
      ["ans", { start: 24 }],
      ["kids", { count: 50 }],
      ["quill", {}],
      ["quill", { start: 20, count: 30 }],
      ["zebra", {}],
    ];
    const plan = await prepareSearch(db, "quill");
    expect(plan?.complete).toBe(false); // past MAX_EXPANSIONS words
    for (const [q, more] of cases) {
      const plan = (await prepareSearch(db, q))!;
      const all = await rankEveryMatch(db, query(q, { ...more, start: 0, count: 10_000 }), plan);
      statements = 0;
      const fast = await productsPage(counted, query(q, more), plan, all.length);
      expect(statements, q).toBe(1);
      const every = await rankEveryMatch(db, query(q, more), plan);
      expect(
        fast.map((p) => p.id),
        `${q} ${JSON.stringify(more)}`,
      ).toEqual(every.map((p) => p.id));
      expect(fast.map((p) => p.title)).toEqual(every.map((p) => p.title)); // the cards, not ids alone
    }
  });

  it("spec 28.1 a search of several words pages from its kept order as from ranking every match", async () => {
    const kept = new Map<string, Promise<number[]>>();
    const ranking: RankingCache = (q, rank) => {
      const key = JSON.stringify({ ...q, start: 0, count: 0 });
      if (!kept.has(key)) kept.set(key, rank());
      return kept.get(key)!;
    };
    const cases: [string, Partial<ProductListQuery>][] = [
      ["creation kids", {}],
      ["creation kids", { start: 24 }],
      ["creation kids", { start: 40, count: 12 }],
      ["creation kids", { category: ["books"], start: 5 }],
      ["stars family", {}],
      ["great stars", { start: 3, count: 7 }],
      ["mount ararat landing", {}],
      ["creation zebra", {}],
    ];
    for (const [q, more] of cases) {
      const plan = (await prepareSearch(db, q))!;
      const cached = await productsPage(db, query(q, more), plan, undefined, ranking);
      const every = await rankEveryMatch(db, query(q, more), plan);
      expect(
        cached.map((p) => p.id),
        `${q} ${JSON.stringify(more)}`,
      ).toEqual(every.map((p) => p.id));
    }
    expect(kept.size).toBe(6); // one ranking per query and filters, whatever the page
  });

  it("spec 28.1 a product's words follow its title: the old title no longer finds it", async () => {
    await db
      .transaction()
      .execute((trx) =>
        applyEvents(trx, catalogProjection, [
          recorded(ProductUpdated, { id: 6, changes: { title: "The Flood Handbook" }, updatedAt: at }),
        ]),
      );
    expect(await ids("ark")).toEqual([]);
    expect((await ids("flood hand", { count: 96 })).includes(6)).toBe(true);
  });
});
