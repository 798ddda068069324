import type { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import {
  NodeArchivedSchema,
  NodeCreatedSchema,
  NodeFieldsSchema,
  NodePublishedSchema,
  NodeSavedSchema,
  NodeStatusChangedSchema,
  PendingRewriteBatchRecorded,
} from "./events.ts";

// A menu node (the tree app) has a content node's first fields and rules, not its page fields
// (sku … sitemap priority). Menu events written before these definitions carry those fields at
// their defaults; zod drops keys a schema does not name, so they read back without an upcaster.

const withoutPageFields = {
  skuId: true,
  languageNodeId: true,
  menuNodeIds: true,
  image: true,
  sortOrder: true,
  sitemapPriority: true,
} as const;

/** The editable fields of a menu node. */
export const MenuNodeFieldsSchema = NodeFieldsSchema.omit(withoutPageFields);
export type MenuNodeFields = z.infer<typeof MenuNodeFieldsSchema>;

/** A menu node was created (status Beta until published). */
export const MenuNodeCreated = defineEvent("MenuNodeCreated", NodeCreatedSchema.omit(withoutPageFields));
/** Fields of a menu node were saved: only those that changed. */
export const MenuNodeSaved = defineEvent(
  "MenuNodeSaved",
  NodeSavedSchema.extend({ changes: MenuNodeFieldsSchema.partial() }),
);
/** A menu node went Live. */
export const MenuNodePublished = defineEvent("MenuNodePublished", NodePublishedSchema);
/** A menu node's status was set (async, other, or an edit of a Live node). */
export const MenuNodeStatusChanged = defineEvent("MenuNodeStatusChanged", NodeStatusChangedSchema);
/** A menu node was archived. */
export const MenuNodeArchived = defineEvent("MenuNodeArchived", NodeArchivedSchema);

/** The events of a menu node's stream. */
export const menuNodeEvents = [
  MenuNodeCreated,
  MenuNodeSaved,
  MenuNodePublished,
  MenuNodeStatusChanged,
  MenuNodeArchived,
  PendingRewriteBatchRecorded,
] as const;
export type MenuNodeEvent = EventOf<typeof menuNodeEvents>;
