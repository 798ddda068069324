/** The two kinds of node the node form edits: content nodes (content app) and menu nodes (tree app). */
export type NodeModel = "contentnode" | "menunode";

export type NodeKind = {
  app: string;
  model: NodeModel;
  /** One record, e.g. 'Content node'. */
  label: string;
  title: string;
  /** The REST base: a record at `{api}{id}/`. */
  api: string;
  /** The back office's own path of the list; a record at `{adminPath}{id}/`. */
  adminPath: string;
  /** POST here runs a status action (§7). */
  actionUrl: string;
  /** Page fields, keywords, contributors and scheduled actions belong to content nodes only. */
  pageFields: boolean;
};

export const NODE_KINDS: Record<NodeModel, NodeKind> = {
  contentnode: {
    app: "content",
    model: "contentnode",
    label: "Content node",
    title: "Content nodes",
    api: "/admin/api/content/contentnode/",
    adminPath: "/content/contentnode/",
    actionUrl: "/admin/content/contentnode/action/",
    pageFields: true,
  },
  menunode: {
    app: "tree",
    model: "menunode",
    label: "Menu node",
    title: "Menu nodes",
    api: "/admin/api/tree/menunode/",
    adminPath: "/tree/menunode/",
    actionUrl: "/admin/tree/menunode/action/",
    pageFields: false,
  },
};

/** A node's cache key: a content node by its id alone (as the admin bar has always asked), a menu node with its model. */
export type NodeArg = number | { model: NodeModel; id: number };
export const nodeArg = (model: NodeModel, id: number): NodeArg => (model === "contentnode" ? id : { model, id });
export const nodeRefOf = (arg: NodeArg) => (typeof arg === "number" ? { model: "contentnode" as const, id: arg } : arg);
/** The tag id of a node's cache entry: the bare id for content nodes, so existing invalidations still match. */
export const nodeTagId = (arg: NodeArg) => {
  const { model, id } = nodeRefOf(arg);
  return model === "contentnode" ? id : `${model}-${id}`;
};
