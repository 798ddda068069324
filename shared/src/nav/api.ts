import { z } from "zod";

import { MAX_MENU_PARENTS } from "./home-country.ts";

export * from "./home-country.ts";

/** `?parents=[ids]&ts=`: a JSON list of menu node ids (0 for the top layer). */
export const MenuLayerQuery = z.object({
  parents: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "Enter a JSON list of menu ids." });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.number().int().min(0).max(2_147_483_647)).max(MAX_MENU_PARENTS))
    .meta({ pattern: "^\\[\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?\\]$", override: { examples: ["[0]"] } }),
  ts: z.string().optional(),
});
export type MenuLayerQuery = z.infer<typeof MenuLayerQuery>;

export const MenuLayerEntry = z.object({ parent: z.number(), child_html: z.string() });
export type MenuLayerEntry = z.infer<typeof MenuLayerEntry>;

/** §3 menu layer response: metadata.success and results of {parent, child_html}. */
export const MenuLayerAnswer = z.object({
  metadata: z.object({ success: z.literal(true) }),
  results: z.array(MenuLayerEntry),
});
export type MenuLayerAnswer = z.infer<typeof MenuLayerAnswer>;

/** §3 footer and region/language responses: metadata.success and html. */
export const NavHtmlAnswer = z.object({ metadata: z.object({ success: z.literal(true) }), html: z.string() });
export type NavHtmlAnswer = z.infer<typeof NavHtmlAnswer>;
