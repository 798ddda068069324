import type { Kysely } from "kysely";
import { NODE_PAGE_FIELD_DEFAULTS, PAGE_FIELD_MESSAGES, type NodePageFields, type UpdateNodeInput } from "@shop/shared";
import { DomainError } from "../platform/domain-error.ts";
import type { NodeKind } from "./content-node.ts";

/**
 * The page fields of a request in the events' names; absent fields stay absent. Menu nodes are the
 * tree app's navigation entries, not pages: they have no sku, image or menu nodes of their own, so
 * these fields are content-node only and ignored on a menu node.
 */
export function pageFieldChanges(kind: NodeKind, input: UpdateNodeInput): Partial<NodePageFields> {
  if (kind !== "contentnode") return {};
  const changes: Partial<NodePageFields> = {
    skuId: input.sku,
    languageNodeId: input.language_node,
    menuNodeIds: input.menu_nodes,
    image: input.image,
    sortOrder: input.sort_order,
    sitemapPriority: input.sitemap_priority,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<NodePageFields>;
}

/** A new node's page fields: what the request gives, the defaults for the rest. */
export function pageFieldsForCreate(kind: NodeKind, input: UpdateNodeInput): NodePageFields {
  return { ...NODE_PAGE_FIELD_DEFAULTS, menuNodeIds: [], ...pageFieldChanges(kind, input) };
}

/** Where each foreign key points (the lookups' tables), and the API name its errors carry. */
const REFERENCES = [
  { field: "skuId", api: "sku", table: "skus" },
  { field: "languageNodeId", api: "language_node", table: "content_lang_nodes" },
] as const;

/**
 * Every sku, language node and menu node a save names must exist (Django's 'Select a valid
 * choice' lines, one per field), so a page never points at nothing.
 */
export async function refuseUnknownReferences(db: Kysely<any>, changes: Partial<NodePageFields>): Promise<void> {
  const errors: string[] = [];
  for (const ref of REFERENCES) {
    const id = changes[ref.field];
    if (id == null) continue;
    const row = await db.selectFrom(ref.table).select("id").where("id", "=", id).executeTakeFirst();
    if (!row) errors.push(`${ref.api}: ${PAGE_FIELD_MESSAGES.invalidChoice}`);
  }
  const menuNodes = changes.menuNodeIds ?? [];
  if (menuNodes.length) {
    const rows: Array<{ id: number }> = await db.selectFrom("menu_nodes").select("id").where("id", "in", menuNodes).execute();
    const missing = menuNodes.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) errors.push(`menu_nodes: ${PAGE_FIELD_MESSAGES.invalidChoices(missing)}`);
  }
  if (errors.length) throw new DomainError("INVALID_REFERENCE", errors[0].slice(errors[0].indexOf(": ") + 2), 400, errors);
}
