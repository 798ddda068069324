/** menu_nodes: the tree app's navigation nodes (columns other features read: keep them as they are). */
export interface MenuNodesTable {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  url: string;
  status: string;
  version: number;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface MenuNodesTables {
  menu_nodes: MenuNodesTable;
}
