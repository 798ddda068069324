/** The product categories a SKU code falls into (back-office §3). */
export type SkuCategory =
  | "magazine-sub"
  | "magazine-issue"
  | "witnessing"
  | "vbs"
  | "abc"
  | "books"
  | "audio/software"
  | "videos"
  | "translations"
  | "bibles"
  | "apparel"
  | "bju"
  | "limited-edition"
  | "tickets"
  | "video-downloads"
  | "ebooks"
  | "pdf"
  | "mp3"
  | "packs"
  | "donation"
  | "other";

const range = (from: number, to: number, write: (n: number) => string) =>
  Array.from({ length: to - from + 1 }, (_, i) => write(from + i));

/**
 * SKU prefixes per category, in the order they are tried; the first match wins, so the longer
 * prefixes come before the shorter ones they start with (00-A- before 00-, 90-8-1 before 90-).
 * Donation codes are matched as prefixes too, case-sensitively, like every other row.
 */
export const SKU_CATEGORY_TABLE: readonly { category: Exclude<SkuCategory, "other">; prefixes: readonly string[] }[] = [
  { category: "magazine-sub", prefixes: ["95-"] },
  { category: "magazine-issue", prefixes: ["00-A-"] },
  { category: "witnessing", prefixes: ["00-"] },
  { category: "vbs", prefixes: ["10-0-", "10-6-", "10-7-", "10-8-", "10-9-", "11-1-"] },
  { category: "abc", prefixes: ["15-", "16-"] },
  { category: "books", prefixes: range(1, 5, (n) => `10-${n}-`) },
  { category: "audio/software", prefixes: ["20-"] },
  { category: "videos", prefixes: ["30-"] },
  { category: "translations", prefixes: ["80-", "81-", "82-"] },
  { category: "bibles", prefixes: ["50-"] },
  { category: "apparel", prefixes: range(60, 69, (n) => `${n}-`) },
  { category: "bju", prefixes: ["35-1-"] },
  { category: "limited-edition", prefixes: ["70-"] },
  { category: "tickets", prefixes: ["90-8-1"] },
  { category: "video-downloads", prefixes: ["90-2-"] },
  { category: "ebooks", prefixes: ["90-3-"] },
  { category: "pdf", prefixes: ["90-4-"] },
  { category: "mp3", prefixes: ["90-6-"] },
  { category: "packs", prefixes: ["40-", "90-"] },
  { category: "donation", prefixes: ["GeneralDonation", "CreationMuseum", "Worldwide", "Ark", "Peg", "Plank", "Beam"] },
];

/** The category of a SKU code by its prefix; 'other' when no prefix in the table matches. */
export function categoryForSku(sku: string): SkuCategory {
  const code = sku.trim();
  // Plain loops: every cart decision and answer asks this of each line (no closures made per call).
  for (const { category, prefixes } of SKU_CATEGORY_TABLE)
    for (const prefix of prefixes) if (code.startsWith(prefix)) return category;
  return "other";
}
