import { z } from "zod";

export * from "./constants.ts";

/** `?q=`: what the visitor has typed so far. */
export const SuggestQuery = z.object({
  q: z.string().transform((s) => s.trim().slice(0, 100)),
  ts: z.string().optional(),
});

/** One suggestion: the text first (as the old completion service answered), then where it leads and what it is. */
export const Suggestion = z.tuple([z.string(), z.string(), z.enum(["product", "page"])]);
export type Suggestion = z.infer<typeof Suggestion>;

/** §7: a list whose second element holds the suggestions: `[q, [[text, url, kind], ...]]`. */
export const SuggestAnswer = z.tuple([z.string(), z.array(Suggestion)]);
export type SuggestAnswer = z.infer<typeof SuggestAnswer>;

/** `GET /api/search/pages/?q=`: the words searched for in Live content pages. */
export const PageSearchQuery = z.object({
  q: z.string().transform((s) => s.trim().slice(0, 200)),
  ts: z.string().optional(),
});

/** One content page found: its title, address and a line of what it says. */
export const PageHit = z.object({ title: z.string(), url: z.string(), summary: z.string() });
export type PageHit = z.infer<typeof PageHit>;

/** The pages found (best first, at most `MAX_PAGE_HITS`), and how many matched in all. */
export const PageSearchAnswer = z.object({
  metadata: z.object({ success: z.literal(true) }),
  q: z.string(),
  items: z.array(PageHit),
  total: z.number().int(),
});
export type PageSearchAnswer = z.infer<typeof PageSearchAnswer>;
