/** content_nodes: one row per content page (columns other features read: keep them as they are). */
export interface ContentNodesTable {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  short_description: string;
  url: string;
  body: string;
  node_type_id: number | null;
  status: string;
  published: Date | string | null;
  last_published: Date | string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  /** Id of the user who last changed the node. */
  updated_by: string | null;
  sku_id: number | null;
  language_node_id: number | null;
  menu_node_ids: number[];
  /** An image slug ('' for none). */
  image: string;
  /** bigint: pg answers a string, PGlite a number. */
  sort_order: number | string;
  sitemap_priority: number;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface ContentNodesTables {
  content_nodes: ContentNodesTable;
}
