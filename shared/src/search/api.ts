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
