import type { CatalogImportFile } from "@shop/shared/catalog/import-file";

// `npm run ops -- generate-catalog --products N`: a catalog file of realistic random data for scale
// tests: every category of back-office §3, formats, option combinations, bulk tiers, sold-out and
// backordered SKUs. The same seed gives the same file.

type Product = NonNullable<CatalogImportFile["products"]>[number];
type Sku = NonNullable<Product["skus"]>[number];

interface Template {
  prefix: string;
  formats: string[];
  cents: [number, number];
  digital?: boolean;
  apparel?: boolean;
  donation?: boolean;
  noReturns?: boolean;
}

// One per category; a product's category cycles through them so every N ≥ 20 covers all.
const TEMPLATES: Template[] = [
  { prefix: "95-9-", formats: ["1 Year", "2 Years", "3 Years"], cents: [2400, 6000] },
  { prefix: "00-A-9", formats: ["Magazine"], cents: [500, 900] },
  { prefix: "00-9-", formats: ["Tract Pack"], cents: [300, 800] },
  { prefix: "10-0-9", formats: ["Kit", "Paperback"], cents: [500, 15000], noReturns: true },
  { prefix: "15-9-", formats: ["Hardcover", "Card Set"], cents: [800, 2000] },
  { prefix: "10-1-9", formats: ["Paperback", "Hardcover"], cents: [999, 2999] },
  { prefix: "20-9-", formats: ["Audio CD", "Software"], cents: [999, 3999] },
  { prefix: "30-9-", formats: ["DVD", "Blu-ray"], cents: [1499, 4999] },
  { prefix: "80-9-", formats: ["Paperback"], cents: [999, 1999] },
  { prefix: "50-9-", formats: ["Hardcover", "Genuine Leather"], cents: [2999, 9999] },
  { prefix: "60-9-", formats: ["Apparel"], cents: [1999, 4999], apparel: true },
  { prefix: "35-1-9", formats: ["Paperback"], cents: [2999, 6999] },
  { prefix: "70-9-", formats: ["Print"], cents: [5000, 25000], noReturns: true },
  { prefix: "90-8-19", formats: ["Adult Ticket", "Child Ticket"], cents: [1500, 4000], digital: true, noReturns: true },
  { prefix: "90-2-9", formats: ["Video Download"], cents: [999, 3999], digital: true },
  { prefix: "90-3-9", formats: ["eBook"], cents: [499, 1499], digital: true },
  { prefix: "90-4-9", formats: ["PDF"], cents: [299, 999], digital: true, noReturns: true },
  { prefix: "90-6-9", formats: ["MP3 Download"], cents: [499, 1499], digital: true },
  { prefix: "40-9-", formats: ["Pack"], cents: [2999, 9999] },
  { prefix: "Peg-", formats: ["Donation"], cents: [0, 0], donation: true, noReturns: true },
];

const ADJECTIVES = [
  "Ancient",
  "Hidden",
  "Great",
  "Living",
  "Young",
  "Wonderful",
  "True",
  "Amazing",
  "Complete",
  "Illustrated",
];
const NOUNS = [
  "Answers",
  "Creation",
  "Flood",
  "Dinosaurs",
  "Genesis",
  "Stars",
  "Oceans",
  "History",
  "Wonders",
  "Origins",
];
const ENDINGS = ["for Kids", "Study Guide", "Explained", "Revisited", "in Pictures", "Handbook", "", "", "", ""];
const AUTHORS = [
  "Ken Ham",
  "Dr Georgia Purdom",
  "Dr Andrew Snelling",
  "Bodie Hodge",
  "Dr Jason Lisle",
  "Answers in Genesis",
  "",
];
const SERIES = ["The New Answers", "Wonders of Creation", "Conference Sets", "Kids Answers", "", "", ""];
const SIZES = ["s", "m", "l", "xl"];
const COLOURS = ["navy", "sand", "forest"];

/** One product in 1,000 has a word no other has ("Ararat"): a narrow search. Its draw is made anyway, so the rest stays the same. */
const rareSubtitle = (id: number, drawn: string) => (id % 1000 === 500 ? "Landing on Mount Ararat" : drawn);

/** A small seeded generator (mulberry32): the same seed gives the same catalog. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, pick, between };
}

export interface GenerateOptions {
  products: number;
  seed?: number;
  firstProductId?: number;
  firstSkuId?: number;
  /** yyyy-mm-dd: backordered SKUs restock after it. */
  today: string;
}

export function generateCatalog(options: GenerateOptions): CatalogImportFile {
  const r = random(options.seed ?? 1);
  let skuId = options.firstSkuId ?? 1000;
  const firstId = options.firstProductId ?? 1000;
  const restock = (days: number) => {
    const d = new Date(`${options.today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const products: Product[] = [];
  for (let i = 0; i < options.products; i++) {
    const id = firstId + i;
    const t = TEMPLATES[i % TEMPLATES.length];
    const title = `${[r.pick(ADJECTIVES), r.pick(NOUNS), r.pick(ENDINGS)].filter(Boolean).join(" ")} ${id}`;
    const stockCase = (): Partial<Sku> => {
      if (t.digital || t.donation) return { stock: null };
      const roll = r.next();
      if (roll < 0.08) return { stock: 0, backorder: false };
      if (roll < 0.16) return { stock: 0, backorder: true, restock_date: restock(r.between(7, 120)) };
      return { stock: r.between(1, 200) };
    };
    const price = () => (t.donation ? 0 : Math.round(r.between(t.cents[0], t.cents[1]) / 100) * 100 - 1);
    const skus: Sku[] = [];
    const base = {
      allow_returns: !t.noReturns,
      digital: Boolean(t.digital),
      user_defined_price: Boolean(t.donation),
      campaign: t.donation ? "ark-main" : null,
    };
    if (t.apparel) {
      // Option combinations: sizes × colours, each combination present with a chance.
      for (const size of SIZES)
        for (const colour of COLOURS) {
          if (r.next() < 0.3) continue;
          skus.push({
            id: skuId++,
            sku: `${t.prefix}${id}-${size}-${colour}`,
            format: "Apparel",
            price_cents: price(),
            attributes: { size, colour },
            ...base,
            ...stockCase(),
          });
        }
    }
    const formats = t.apparel ? [] : t.formats.slice(0, r.between(1, t.formats.length));
    formats.forEach((format, k) => {
      const cents = price();
      const tiers =
        !t.digital && !t.donation && r.next() < 0.25
          ? [
              { min_quantity: 10, price_cents: Math.round(cents * 0.85) },
              { min_quantity: 50, price_cents: Math.round(cents * 0.7) },
            ]
          : [];
      skus.push({
        id: skuId++,
        sku: `${t.prefix}${id}${k ? `-${k}` : ""}`,
        format,
        price_cents: cents,
        original_price_cents: r.next() < 0.15 && cents > 0 ? cents + 500 : null,
        price_tiers: tiers,
        isbn:
          format === "Paperback" || format === "Hardcover"
            ? `978${String(r.between(0, 9_999_999_999)).padStart(10, "0")}`
            : "",
        upc: t.digital ? "" : String(r.between(100_000_000_000, 999_999_999_999)),
        ...base,
        ...stockCase(),
      });
    });
    products.push({
      id,
      title,
      subtitle: rareSubtitle(
        id,
        r.next() < 0.6 ? `${r.pick(ADJECTIVES)} ${r.pick(NOUNS).toLowerCase()} for the whole family` : "",
      ),
      description: `<p>${title}: a ${r.pick(ADJECTIVES).toLowerCase()} look at ${r.pick(NOUNS).toLowerCase()}.</p>`,
      author: r.pick(AUTHORS),
      series: r.pick(SERIES),
      release_date: `${r.between(1995, 2027)}-${String(r.between(1, 12)).padStart(2, "0")}-01`,
      attributes: t.apparel
        ? [
            { slug: "size", title: "Size", values: SIZES.map((s) => ({ label: s.toUpperCase(), value: s })) },
            { slug: "colour", title: "Colour", values: COLOURS.map((c) => ({ label: c, value: c })) },
          ]
        : [],
      includes: t.prefix.startsWith("40-") ? products.slice(-6).flatMap((p) => p.skus?.[0]?.sku ?? []) : [],
      skus,
    });
  }
  return { products };
}
