import { z } from "zod";

export * from "./constants.ts";

/** Long text is cut, not refused: the start of a message or stack is what an operator needs. */
const text = (max: number) => z.string().transform((s) => s.slice(0, max));

/** One report: a script error (`window.onerror`, an unhandled rejection) or a request that failed. */
export const ClientErrorReport = z.object({
  kind: z.enum(["script", "request"]),
  message: text(1000).pipe(z.string().min(1, "This field is required.")),
  /** The page's address (path and query) where it happened. */
  page: text(2000),
  /** The script's or the request's address. */
  source: text(2000).optional(),
  line: z.number().int().min(0).max(10_000_000).optional(),
  column: z.number().int().min(0).max(10_000_000).optional(),
  stack: text(4000).optional(),
  /** For a failed request: its method and status (0 when it never got an answer). */
  method: text(10).optional(),
  status: z.number().int().min(0).max(999).optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;
