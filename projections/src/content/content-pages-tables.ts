/**
 * content_page_bodies: each content page's body as visitors see it, rendered (template tags expanded,
 * HTML sanitised) once per audience when the page or something it shows changes, so a page view is
 * one SELECT (DESIGN §9). `source_*` is the version visitors see: the last published one while
 * changes are pending. `deps` lists what the bodies read (page-context.ts); `html_*` are null when
 * the page is not public.
 */
export interface ContentPageBodiesTable {
  node_id: number;
  parent_id: number | null;
  source_name: string;
  source_body: string;
  source_short_description: string;
  html_anonymous: string | null;
  html_member: string | null;
  html_staff: string | null;
  deps: string[];
}

/**
 * Each content node's name, body and short description as its events left them, and as they were when it
 * was last published: a Changes Pending page shows the published version. Folded from the events alone
 * (never read from content_nodes), so a rebuild of this read model on its own gives the same rows.
 */
export interface ContentPageVersionsTable {
  node_id: number;
  name: string;
  body: string;
  short_description: string;
  published_name: string | null;
  published_body: string | null;
  published_short_description: string | null;
}

export interface ContentPagesTables {
  content_page_bodies: ContentPageBodiesTable;
  content_page_versions: ContentPageVersionsTable;
}
