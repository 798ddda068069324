import { z } from "zod";
import { listCount, listStart, positiveId } from "../http/request-fields.ts";

/** Columns the role list may be sorted by (`-col` descending). */
export const ROLE_SORT_COLUMNS = {
  id: "id",
  sort_order: "sort_order",
  contributor: "contributor",
  role: "role",
  node: "node_id",
} as const;

/** GET /admin/api/content/role/: a node's roles (or all), paged like the other admin lists (`count=-1` for all). */
export const RoleListRequest = z.object({
  node: positiveId().optional(),
  sort: z
    .string()
    .regex(/^-?[a-z_]+$/, "Enter a column name, or -column for descending.")
    .default("sort_order"),
  start: listStart(),
  count: listCount(),
});
export type RoleListRequest = z.infer<typeof RoleListRequest>;
