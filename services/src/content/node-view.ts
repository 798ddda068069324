import type { Kysely } from "kysely";
import {
  NODE_PAGE_FIELD_DEFAULTS,
  NODE_PAGE_FIELD_NAMES,
  PAGE_FIELD_API_NAMES,
  type ContentNodeEvent,
  type ContentNodeView,
  type NodeView,
  type RecordedEvent,
  NodeNotFoundError,
} from "@shop/shared";
import { foldStream } from "../platform/command-handler.ts";
import {
  evolveNode,
  initialNode,
  isNodeEvent,
  nodeDecider,
  toContentEvent,
  type ExistingNode,
  type Node,
  type NodeKind,
} from "./content-node.ts";
import type { Database } from "@shop/projections";

/** A node as the admin API shows it (GET .../{id}/, answers of create and update, history ?at=). */
export async function nodeView(db: Kysely<Database>, kind: NodeKind, node: ExistingNode) {
  const f = node.fields;
  const base = {
    id: node.id,
    app: kind === "menunode" ? "tree" : "content",
    model: kind,
    name: f.name,
    slug: f.slug,
    parent: f.parentId,
    short_description: f.shortDescription,
    published: f.published,
    last_published: f.lastPublished,
    url: f.url,
    body: f.body,
    node_type: f.nodeTypeId,
    status: node.status,
    version: node.version,
    created_at: node.createdAt,
    updated_at: node.updatedAt,
    updated_by: node.updatedBy,
  } satisfies NodeView;
  if (kind === "menunode") return base;
  const keywords: Array<{ id: number; name: string; slug: string }> = node.keywordIds.length
    ? await db.selectFrom("keywords").select(["id", "name", "slug"]).where("id", "in", node.keywordIds).execute()
    : [];
  return {
    ...base,
    sku: f.skuId,
    language_node: f.languageNodeId,
    menu_nodes: f.menuNodeIds,
    image: f.image,
    sort_order: f.sortOrder,
    sitemap_priority: f.sitemapPriority,
    keywords: node.keywordIds.map((id) => keywords.find((k) => k.id === id)).filter((k) => k !== undefined),
    contributors: node.roles.map((r) => ({
      id: r.roleId,
      contributor: r.contributor,
      role: r.role,
      sort_order: r.sortOrder,
      node: node.id,
    })),
  } satisfies ContentNodeView;
}

const API_NAME: Record<string, string> = {
  parentId: "parent",
  shortDescription: "short_description",
  nodeTypeId: "node_type",
  lastPublished: "last_published",
  ...PAGE_FIELD_API_NAMES,
};

/**
 * Changed fields in the API's names, with their new values; a menu node list as what was added and
 * removed (like the keyword links), since the whole list says little about the change.
 */
function apiChanges(changes: Record<string, unknown>, before: Node) {
  const entries = Object.entries(changes).map(([k, v]): [string, unknown] => {
    if (k === "menuNodeIds" && Array.isArray(v)) {
      const old = before.exists ? before.fields.menuNodeIds : [];
      return [
        "menu_nodes",
        { added: v.filter((id) => !old.includes(id)), removed: old.filter((id) => !v.includes(id)) },
      ];
    }
    return [API_NAME[k] ?? k, v];
  });
  return Object.fromEntries(entries);
}

/** What one event changed, in the API's field names (the history list); `before` is the node just before it. */
function changesOf(event: ContentNodeEvent, before: Node): Record<string, unknown> {
  switch (event.type) {
    case "ContentNodeCreated": {
      const { id: _id, createdAt: _at, by: _by, ...fields } = event.data;
      // Fields left at their defaults were not set by anyone: an old event (or a plain create) shows only what it set.
      const set = Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => !(NODE_PAGE_FIELD_NAMES as string[]).includes(k) || !isDefault(k, v)),
      );
      return { ...apiChanges(set, before), status: "Beta" };
    }
    case "ContentNodeSaved":
      return apiChanges(event.data.changes, before);
    case "ContentNodePublished":
      return { status: "Live", last_published: event.data.publishedAt };
    case "ContentNodeStatusChanged":
      return { status: event.data.to };
    case "ContentNodeArchived":
      return { status: "Archive" };
    case "ContentNodeKeywordLinked":
      return { keywords: { added: event.data.keywordId } };
    case "ContentNodeKeywordUnlinked":
      return { keywords: { removed: event.data.keywordId } };
    case "ContributorRoleAdded":
    case "ContributorRoleChanged":
      return {
        contributors: {
          id: event.data.roleId,
          contributor: event.data.contributor,
          role: event.data.role,
          sort_order: event.data.sortOrder,
        },
      };
    case "ContributorRoleRemoved":
      return { contributors: { removed: event.data.roleId } };
    case "ContributorRolesRenumbered":
      return { contributors: { sort_order: Object.fromEntries(event.data.order.map((o) => [o.roleId, o.sortOrder])) } };
    case "PendingRewriteBatchRecorded":
      return {
        pending_rewrite_batch: { id: event.data.batchId, old_url: event.data.oldUrl, new_url: event.data.newUrl },
      };
    default: {
      event satisfies never; // an event this code does not know changed no field it can name
      return {};
    }
  }
}

function isDefault(field: string, value: unknown): boolean {
  const fallback = NODE_PAGE_FIELD_DEFAULTS[field as keyof typeof NODE_PAGE_FIELD_DEFAULTS];
  return Array.isArray(value) ? value.length === 0 : value === undefined || value === fallback;
}

/** The node's events, oldest first: who, when, what changed. */
export async function nodeHistory(db: Kysely<Database>, events: RecordedEvent[]) {
  const userIds = [...new Set(events.map((e) => e.metadata.userId).filter((u): u is string => !!u))];
  const users: Array<{ id: string; name: string }> = userIds.length
    ? await db.selectFrom("users").select(["id", "name"]).where("id", "in", userIds).execute()
    : [];
  let state: Node = initialNode();
  return events.map((recorded) => {
    const event = isNodeEvent(recorded) ? toContentEvent(recorded) : null;
    const changes = event ? changesOf(event, state) : {};
    state = event ? evolveNode(state, event) : nodeDecider.skip(state);
    const userId = recorded.metadata.userId;
    const by = event && "by" in event.data ? (event.data.by ?? null) : null;
    return {
      position: recorded.streamPosition,
      global_position: recorded.globalPosition,
      time: recorded.createdAt.toISOString(),
      type: recorded.type,
      user: userId ? { id: userId, name: users.find((u) => u.id === userId)?.name ?? by?.name ?? "" } : by,
      changed_fields: Object.keys(changes),
      changes,
    };
  });
}

/** The node as of stream position `at`; 404 past the end or before it existed. */
export function nodeAsOf(events: RecordedEvent[], at: number): ExistingNode {
  if (at >= events.length) throw new NodeNotFoundError();
  const state = foldStream(nodeDecider, events.slice(0, at + 1));
  if (!state.exists) throw new NodeNotFoundError();
  return state;
}
