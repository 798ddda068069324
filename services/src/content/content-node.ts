import {
  contentNodeEvents,
  isEventOf,
  type RecordedEvent,
  menuNodeEvents,
  NODE_PAGE_FIELD_DEFAULTS,
  type ContentNodeEvent,
  type ContentStatus,
  type MenuNodeEvent,
  type NodeFields,
  type NodePageFields,
  type UserRef,
} from "@shop/shared";

export interface ContributorRole {
  roleId: number;
  contributor: string;
  role: string;
  sortOrder: number;
}

/** A node (content page or menu node) as its stream folds it: what its commands need to decide. */
export type Node =
  | { exists: false; version: number }
  | {
      exists: true;
      id: number;
      fields: NodeFields;
      status: ContentStatus;
      /** The stream position of the last event (what expected_version is compared with). */
      version: number;
      keywordIds: number[];
      roles: ContributorRole[];
      createdAt: string;
      updatedAt: string;
      updatedBy: UserRef | null;
    };

export type ExistingNode = Extract<Node, { exists: true }>;

export const initialNode = (): Node => ({ exists: false, version: -1 });

/** Which app a node belongs to: its stream, its event names and the extra rules of the tree app. */
export type NodeKind = "contentnode" | "menunode";

/** The events of either kind of node's stream. */
export const nodeEvents = [...contentNodeEvents, ...menuNodeEvents] as const;
export type NodeEvent = ContentNodeEvent | MenuNodeEvent;

/** Whether a recorded event is one of a node's (content or menu). */
export const isNodeEvent = <E extends RecordedEvent>(event: E): event is E & NodeEvent => isEventOf(nodeEvents, event);

/** Menu nodes write MenuNode* events of the same shapes; the decider and the views fold the ContentNode* ones. */
export function toContentEvent(event: NodeEvent): ContentNodeEvent {
  switch (event.type) {
    case "MenuNodeCreated":
      return { type: "ContentNodeCreated", data: { ...NODE_PAGE_FIELD_DEFAULTS, ...event.data } };
    case "MenuNodeSaved":
      return { type: "ContentNodeSaved", data: event.data };
    case "MenuNodePublished":
      return { type: "ContentNodePublished", data: event.data };
    case "MenuNodeStatusChanged":
      return { type: "ContentNodeStatusChanged", data: event.data };
    case "MenuNodeArchived":
      return { type: "ContentNodeArchived", data: event.data };
    default:
      return event;
  }
}

/** A node's fields without the page fields, which menu nodes do not have. */
function withoutPageFields<F extends Partial<NodePageFields>>(fields: F) {
  const { skuId, languageNodeId, menuNodeIds, image, sortOrder, sitemapPriority, ...menuFields } = fields;
  return menuFields;
}

/** The event a node of this kind writes for a decided event (menu nodes have their own names). */
export function forKind(kind: NodeKind, event: ContentNodeEvent): NodeEvent {
  if (kind === "contentnode") return event;
  switch (event.type) {
    case "ContentNodeCreated":
      return { type: "MenuNodeCreated", data: withoutPageFields(event.data) };
    case "ContentNodeSaved":
      return { type: "MenuNodeSaved", data: { ...event.data, changes: withoutPageFields(event.data.changes) } };
    case "ContentNodePublished":
      return { type: "MenuNodePublished", data: event.data };
    case "ContentNodeStatusChanged":
      return { type: "MenuNodeStatusChanged", data: event.data };
    case "ContentNodeArchived":
      return { type: "MenuNodeArchived", data: event.data };
    default:
      return event;
  }
}

export function evolveNode(state: Node, anyEvent: NodeEvent): Node {
  const event = toContentEvent(anyEvent);
  const version = state.version + 1;
  if (event.type === "ContentNodeCreated") {
    const { id, createdAt, by, ...created } = event.data;
    // A node created before the page fields existed has their defaults.
    const fields: NodeFields = { ...NODE_PAGE_FIELD_DEFAULTS, ...created, menuNodeIds: created.menuNodeIds ?? [] };
    return {
      exists: true,
      id,
      fields,
      status: "Beta",
      version,
      keywordIds: [],
      roles: [],
      createdAt,
      updatedAt: createdAt,
      updatedBy: by,
    };
  }
  if (!state.exists) return { ...state, version };
  const next = { ...state, version };
  switch (event.type) {
    case "ContentNodeSaved":
      return {
        ...next,
        fields: { ...state.fields, ...event.data.changes },
        updatedAt: event.data.savedAt,
        updatedBy: event.data.by,
      };
    case "ContentNodePublished": {
      const at = event.data.publishedAt;
      return {
        ...next,
        status: "Live",
        fields: { ...state.fields, published: state.fields.published ?? at, lastPublished: at },
        updatedAt: at,
        updatedBy: event.data.by ?? state.updatedBy,
      };
    }
    case "ContentNodeStatusChanged":
      return { ...next, status: event.data.to, updatedAt: event.data.changedAt, updatedBy: event.data.by };
    case "ContentNodeArchived":
      return { ...next, status: "Archive", updatedAt: event.data.archivedAt, updatedBy: event.data.by };
    case "ContentNodeKeywordLinked":
      return {
        ...next,
        keywordIds: state.keywordIds.includes(event.data.keywordId)
          ? state.keywordIds
          : [...state.keywordIds, event.data.keywordId],
      };
    case "ContentNodeKeywordUnlinked":
      return { ...next, keywordIds: state.keywordIds.filter((k) => k !== event.data.keywordId) };
    case "ContributorRoleAdded":
    case "ContributorRoleChanged": {
      const { id: _node, ...role } = event.data;
      return { ...next, roles: sortRoles([...state.roles.filter((r) => r.roleId !== role.roleId), role]) };
    }
    case "ContributorRoleRemoved":
      return { ...next, roles: state.roles.filter((r) => r.roleId !== event.data.roleId) };
    case "ContributorRolesRenumbered": {
      const orders = new Map(event.data.order.map((o) => [o.roleId, o.sortOrder]));
      return {
        ...next,
        roles: sortRoles(state.roles.map((r) => ({ ...r, sortOrder: orders.get(r.roleId) ?? r.sortOrder }))),
      };
    }
    case "PendingRewriteBatchRecorded":
      return next;
    default: {
      event satisfies never; // an unknown event changes nothing but the stream position it occupies
      return next;
    }
  }
}

function sortRoles(roles: ContributorRole[]): ContributorRole[] {
  return [...roles].sort((a, b) => a.sortOrder - b.sortOrder || a.roleId - b.roleId);
}

export const nodeDecider = {
  initialState: initialNode,
  events: nodeEvents,
  evolve: evolveNode,
  // An event this code does not know still takes a stream position, which is the node's version.
  skip: (state: Node): Node => ({ ...state, version: state.version + 1 }),
};
