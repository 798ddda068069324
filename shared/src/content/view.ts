import type { ContentStatus } from "../domain/constants.ts";
import type { UserRef } from "./events.ts";

/** A menu node as the admin API shows it (GET /admin/api/tree/menunode/{id}/, answers of create and update). */
export interface NodeView {
  id: number;
  app: string;
  model: string;
  name: string;
  slug: string;
  parent: number | null;
  short_description: string;
  published: string | null;
  last_published: string | null;
  url: string;
  body: string;
  node_type: number | null;
  status: ContentStatus;
  /** The stream position of the node's last event: the `expected_version` of the next save. */
  version: number;
  created_at: string;
  updated_at: string;
  updated_by: UserRef | null;
}

/** A keyword as a node's answers list it. */
export interface NodeKeywordView {
  id: number;
  name: string;
  slug: string;
}

/** A contributor role as the node's answers and the roles API show it. */
export interface ContributorRoleView {
  id: number;
  contributor: string;
  role: string;
  sort_order: number;
  node: number;
}

/** A content node as the admin API shows it (GET /admin/api/content/contentnode/{id}/, saves, history ?at=). */
export interface ContentNodeView extends NodeView {
  sku: number | null;
  language_node: number | null;
  menu_nodes: number[];
  image: string;
  sort_order: number;
  sitemap_priority: number;
  keywords: NodeKeywordView[];
  contributors: ContributorRoleView[];
}
