import { usePickerItemsQuery } from "../lookups/pickerApi";
import type { FieldName } from "../content/nodeFormValues";

/** The lookup each reference field of a node points into (the same ones the form's pickers use). */
export const REFERENCE_LOOKUPS: Partial<Record<FieldName, string>> = {
  parent: "/admin/api/content/contentnode/",
  node_type: "/admin/api/content/contentnodetype/",
  sku: "/admin/api/product/sku/",
  language_node: "/admin/api/translation/contentlangnode/",
  menu_nodes: "/admin/api/tree/menunode/",
};

/**
 * The names of the records a reference field holds, read by id from its lookup (GET {api}?pk__in=[...],
 * as the picker loads its selection). A record the lookup does not answer for (deleted since, or the
 * lookup failed) shows as '#id'.
 */
export function ReferenceNames({ api, ids }: { api: string; ids: number[] }) {
  const { data: items } = usePickerItemsQuery({ api, ids }, { skip: ids.length === 0 });
  if (ids.length === 0) return <>—</>;
  const nameOf = (id: number) => items?.find((item) => item.id === id)?.str || `#${id}`;
  return <>{ids.map(nameOf).join(", ")}</>;
}
