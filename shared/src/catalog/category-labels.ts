/**
 * How a SKU category's slug (shared/src/catalog/sku-category.ts) reads on a page: the ones that do
 * not read well capitalised are listed, the rest are capitalised with spaces for dashes.
 * Constants only, so a front end can import this file without zod.
 */
export const CATEGORY_LABELS: Readonly<Record<string, string>> = {
  "magazine-sub": "Magazine subscriptions",
  "magazine-issue": "Magazine issues",
  vbs: "VBS",
  abc: "ABC",
  "audio/software": "Audio & software",
  bju: "BJU Press",
  "limited-edition": "Limited editions",
  "video-downloads": "Video downloads",
  ebooks: "eBooks",
  pdf: "PDF",
  mp3: "MP3",
};

/** A category's name for people: "magazine-sub" is "Magazine subscriptions", "books" is "Books". */
export function categoryLabel(slug: string): string {
  return CATEGORY_LABELS[slug] ?? slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, " ");
}
