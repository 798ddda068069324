// Limits the storefront needs at run time, without zod (kept out of its bundle).

/** At most this many suggestions in one answer. */
export const MAX_SUGGESTIONS = 10;
/** Fewer typed characters than this get no suggestions (every title would match one letter). */
export const MIN_SUGGEST_CHARS = 2;
/** At most this many content pages in one page search answer. */
export const MAX_PAGE_HITS = 20;
