import {
  contentLangNodeStream,
  contentNodeTypeStream,
  menuNodeStream,
  NODE_PAGE_FIELD_DEFAULTS,
  PAGE_FIELD_MESSAGES,
  skuStream,
  type EventStore,
  type NodeFields,
  type NodePageFields,
  type UpdateNodeInput,
} from "@shop/shared";
import { missingRecords, refuseOnMissing, streamExists, type RecordReference } from "../platform/referenced-records.ts";
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

/** Where each foreign key points (the record's stream), and the API name its errors carry. */
const REFERENCES = [
  { field: "nodeTypeId", api: "node_type", stream: contentNodeTypeStream },
  { field: "skuId", api: "sku", stream: skuStream },
  { field: "languageNodeId", api: "language_node", stream: contentLangNodeStream },
] as const;

/**
 * Every node type, sku, language node and menu node a save names must exist in the log (Django's
 * 'Select a valid choice' lines, one per field), so a page never points at nothing.
 */
export async function refuseUnknownReferences(store: EventStore, changes: Partial<NodeFields>): Promise<void> {
  const references: RecordReference[] = [];
  for (const ref of REFERENCES) {
    const id = changes[ref.field];
    if (id != null)
      references.push({ field: ref.api, stream: ref.stream(id), message: PAGE_FIELD_MESSAGES.invalidChoice });
  }
  const missing = await missingRecords(store, references);
  const menuNodes: number[] = [];
  for (const id of changes.menuNodeIds ?? []) if (!(await streamExists(store, menuNodeStream(id)))) menuNodes.push(id);
  if (menuNodes.length) missing.menu_nodes = [PAGE_FIELD_MESSAGES.invalidChoices(menuNodes)];
  refuseOnMissing(missing);
}
