import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { CONTENT_STATUSES } from "../domain/constants.ts";
import { NodePageFieldsSchema, NodePageFieldsWithDefaults } from "./page-fields.ts";

/** Stream of one content page (content app). */
export const contentNodeStream = (id: number) => `contentnode-${id}`;
/** Stream of one menu node (tree app): same fields and rules as a content node, its own events. */
export const menuNodeStream = (id: number) => `menunode-${id}`;
/** Stream of one keyword. */
export const keywordStream = (id: number) => `keyword-${id}`;
/** Claims a keyword slug: appended with expected version no-stream, so two keywords can't share one. */
export const keywordSlugStream = (slug: string) => `keywordslug-${slug}`;

/** Who did it, as shown in history, pushes and the stale-save answer (the name as it was then). */
export const UserRef = z.object({ id: z.string(), name: z.string() });
export type UserRef = z.infer<typeof UserRef>;

export const ContentStatusSchema = z.enum(CONTENT_STATUSES);

/** The editable fields of a node; dates are ISO strings. The page fields (sku … sitemapPriority) came later. */
export const NodeFieldsSchema = z.object({
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().positive().nullable(),
  shortDescription: z.string(),
  url: z.string(),
  body: z.string(),
  nodeTypeId: z.number().int().positive().nullable(),
  published: z.string().nullable(),
  lastPublished: z.string().nullable(),
  ...NodePageFieldsSchema.shape,
});
export type NodeFields = z.infer<typeof NodeFieldsSchema>;
export const NODE_FIELD_NAMES = Object.keys(NodeFieldsSchema.shape) as Array<keyof NodeFields>;

// v1 events (written by the demo data before this feature) lack the later fields: defaults read them back.
export const NodeCreatedSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().positive().nullable(),
  url: z.string(),
  shortDescription: z.string().default(""),
  body: z.string().default(""),
  nodeTypeId: z.number().int().positive().nullable().default(null),
  published: z.string().nullable().default(null),
  lastPublished: z.string().nullable().default(null),
  ...NodePageFieldsWithDefaults.shape,
  createdAt: z.string(),
  by: UserRef.nullable().default(null),
});
/** Only the fields that changed, with their new values; `version` is the stream position of this event. */
export const NodeSavedSchema = z.object({
  id: z.number().int().positive(),
  changes: NodeFieldsSchema.partial(),
  version: z.number().int(),
  savedAt: z.string(),
  by: UserRef.nullable(),
});
export const NodePublishedSchema = z.object({
  id: z.number().int().positive(),
  publishedAt: z.string(),
  by: UserRef.nullable().default(null),
});
export const NodeStatusChangedSchema = z.object({
  id: z.number().int().positive(),
  from: ContentStatusSchema,
  to: ContentStatusSchema,
  changedAt: z.string(),
  by: UserRef.nullable(),
});
export const NodeArchivedSchema = z.object({
  id: z.number().int().positive(),
  archivedAt: z.string(),
  by: UserRef.nullable(),
});

/** A content page was created (status Beta until published). */
export const ContentNodeCreated = defineEvent("ContentNodeCreated", NodeCreatedSchema);
/** Fields of a content page were saved. */
export const ContentNodeSaved = defineEvent("ContentNodeSaved", NodeSavedSchema);
/** A content page went Live: `published` is set if empty, `lastPublished` always. */
export const ContentNodePublished = defineEvent("ContentNodePublished", NodePublishedSchema);
/** Status set by the async (Changes Pending) and other (Beta) actions, or by editing a Live page. */
export const ContentNodeStatusChanged = defineEvent("ContentNodeStatusChanged", NodeStatusChangedSchema);
/** A content page was archived. */
export const ContentNodeArchived = defineEvent("ContentNodeArchived", NodeArchivedSchema);
export const ContentNodeKeywordLinked = defineEvent(
  "ContentNodeKeywordLinked",
  z.object({ id: z.number().int().positive(), keywordId: z.number().int().positive() }),
);
export const ContentNodeKeywordUnlinked = defineEvent(
  "ContentNodeKeywordUnlinked",
  z.object({ id: z.number().int().positive(), keywordId: z.number().int().positive() }),
);

/** Contributor roles live on their node's stream, so a renumbering is one atomic decision. */
const role = {
  id: z.number().int().positive(),
  roleId: z.number().int().positive(),
  contributor: z.string(),
  role: z.string(),
  sortOrder: z.number().int(),
};
export const ContributorRoleAdded = defineEvent("ContributorRoleAdded", z.object(role));
export const ContributorRoleChanged = defineEvent("ContributorRoleChanged", z.object(role));
export const ContributorRoleRemoved = defineEvent(
  "ContributorRoleRemoved",
  z.object({ id: z.number().int().positive(), roleId: z.number().int().positive() }),
);
/** Every role of the node with its new sort_order (position × 10) after an insert, move or removal. */
export const ContributorRolesRenumbered = defineEvent(
  "ContributorRolesRenumbered",
  z.object({
    id: z.number().int().positive(),
    order: z.array(z.object({ roleId: z.number().int().positive(), sortOrder: z.number().int() })),
  }),
);

/** A menu node's url changed: the old url must be rewritten to the new one (listed until run). */
export const PendingRewriteBatchRecorded = defineEvent(
  "PendingRewriteBatchRecorded",
  z.object({
    batchId: z.number().int().positive(),
    nodeId: z.number().int().positive(),
    oldUrl: z.string(),
    newUrl: z.string(),
    recordedAt: z.string(),
    by: UserRef.nullable(),
  }),
);

export const KeywordSlugClaimed = defineEvent(
  "KeywordSlugClaimed",
  z.object({ keywordId: z.number().int().positive(), slug: z.string() }),
);
export const KeywordCreated = defineEvent(
  "KeywordCreated",
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
    slug: z.string(),
    monthlySearches: z.number().int().min(0).default(0),
    createdAt: z.string(),
    by: UserRef.nullable(),
  }),
);

/**
 * One value that only one record may hold at a time (a node's url, a keyword's name), claimed on
 * its own stream `unique-{scope}-{value}` with the stream's expected version, so two requests
 * racing for it can never both win. The last event says who holds it; a release frees it.
 */
export const uniqueValueStream = (scope: string, value: string) => `unique-${scope}-${value}`;
export const UniqueValueClaimed = defineEvent(
  "UniqueValueClaimed",
  z.object({ scope: z.string(), value: z.string(), owner: z.number().int().positive(), claimedAt: z.string() }),
);
export const UniqueValueReleased = defineEvent(
  "UniqueValueReleased",
  z.object({ scope: z.string(), value: z.string(), owner: z.number().int().positive(), releasedAt: z.string() }),
);
/** Every parent change of one kind of node is claimed here in turn, so two moves can't close a loop together. */
export const nodeTreeStream = (kind: string) => `nodetree-${kind}`;
export const NodeParentChangeClaimed = defineEvent(
  "NodeParentChangeClaimed",
  z.object({
    kind: z.string(),
    nodeId: z.number().int().positive(),
    parentId: z.number().int().positive().nullable(),
    claimedAt: z.string(),
  }),
);

/** The events of a content node's stream (the content app). */
export const contentNodeEvents = [
  ContentNodeCreated,
  ContentNodeSaved,
  ContentNodePublished,
  ContentNodeStatusChanged,
  ContentNodeArchived,
  ContentNodeKeywordLinked,
  ContentNodeKeywordUnlinked,
  ContributorRoleAdded,
  ContributorRoleChanged,
  ContributorRoleRemoved,
  ContributorRolesRenumbered,
  PendingRewriteBatchRecorded,
] as const;

/** The events of a keyword's streams. */
export const keywordEvents = [KeywordCreated, KeywordSlugClaimed] as const;

type Data<E extends { schema: z.ZodType }> = z.infer<E["schema"]>;
export type NodeSavedData = Data<typeof ContentNodeSaved>;
export type NodePublishedData = Data<typeof ContentNodePublished>;
export type NodeStatusChangedData = Data<typeof ContentNodeStatusChanged>;
export type NodeArchivedData = Data<typeof ContentNodeArchived>;
export type ContributorRoleData = Data<typeof ContributorRoleAdded>;
export type PendingRewriteBatchData = Data<typeof PendingRewriteBatchRecorded>;
export type KeywordCreatedData = Data<typeof KeywordCreated>;

export type ContentNodeEvent = EventOf<typeof contentNodeEvents>;
export type KeywordEvent = EventOf<typeof keywordEvents>;
