import { z } from "zod";

/** Columns the role list may be sorted by (`-col` descending). */
export const ROLE_SORT_COLUMNS = { id: "id", sort_order: "sort_order", contributor: "contributor", role: "role", node: "node_id" } as const;

/** GET /admin/api/content/role/: a node's roles (or all), paged like the other admin lists (`count=-1` for all). */
export const RoleListRequest = z.object({
  node: z.string().regex(/^\d+$/, "Enter a whole number.").transform(Number).optional(),
  sort: z.string().regex(/^-?[a-z_]+$/, "Enter a column name, or -column for descending.").default("sort_order"),
  start: z.coerce.number().int().min(0, "Ensure this value is greater than or equal to 0.").default(0),
  count: z.coerce.number().int().min(-1, "Ensure this value is greater than or equal to -1.").default(100),
});
export type RoleListRequest = z.infer<typeof RoleListRequest>;
