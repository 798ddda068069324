// Minimal tables of the records pickers look up and no other feature owns yet. Self-contained:
// every row comes from one event, so a rebuild gives equal tables. SKUs (SkuAdded) moved to the
// catalog read model (`projections/src/catalog`), which keeps the `skus` columns the picker reads.

export interface MediaFormatsTable {
  id: number;
  name: string;
  slug: string;
}
export interface MediaFilesTable {
  id: number;
  name: string;
  slug: string;
  format_id: number | null;
  file_url: string;
}
export interface ContentNodeTypesTable {
  id: number;
  name: string;
  slug: string;
}
export interface DbTemplatesTable {
  id: number;
  name: string;
  slug: string;
}
export interface ContentLangNodesTable {
  id: number;
  node_id: number;
  language: string;
  name: string;
  slug: string;
  status: string;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface LookupCatalogTables {
  media_formats: MediaFormatsTable;
  media_files: MediaFilesTable;
  content_node_types: ContentNodeTypesTable;
  db_templates: DbTemplatesTable;
  content_lang_nodes: ContentLangNodesTable;
}
