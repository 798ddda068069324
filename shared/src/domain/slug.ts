// Spaces (including non-breaking), the non-breaking hyphen U+2011, the other dashes
// (hyphen U+2010, figure dash, en dash, em dash, minus sign, ASCII hyphen-minus) and the colon.
const SEPARATORS = /[\s\u00a0\u2010\u2011\u2012\u2013\u2014\u2212\-:]+/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * Turns text into a URL slug: letters and digits are kept and lowercased; spaces, dashes and
 * colons become hyphens; accents are dropped (é becomes e) so the slug stays ASCII; any other
 * punctuation (apostrophes, commas, underscores, ampersands…) is removed without leaving a
 * hyphen, so "Noah's Ark" becomes "noahs-ark". Repeated hyphens collapse to one and hyphens at
 * either end are trimmed.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(SEPARATORS, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
}
