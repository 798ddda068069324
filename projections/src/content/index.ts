// The read models of content nodes, menu nodes, keywords, contributor roles and rewrite batches.
import { contentNodesProjection } from "./content-nodes-projection.ts";
import { contentPagesProjection } from "./content-pages-projection.ts";
import { contributorRolesProjection } from "../contributors/contributor-roles-projection.ts";
import { keywordsProjection } from "../keywords/keywords-projection.ts";
import { menuNodesProjection } from "../nav/menu-nodes-projection.ts";
import { pendingRewriteBatchesProjection } from "./pending-rewrite-batches/pending-rewrite-batches-projection.ts";

export * from "./content-nodes-projection.ts";
export * from "./content-nodes-tables.ts";
export * from "./content-pages-projection.ts";
export * from "./content-pages-tables.ts";
export * from "./render/render-body.ts";
export * from "./render/related-nodes.ts";
export * from "./render/page-context.ts";
export * from "../contributors/contributor-roles-projection.ts";
export * from "../contributors/contributor-roles-tables.ts";
export * from "../keywords/keywords-projection.ts";
export * from "../keywords/keywords-tables.ts";
export * from "../nav/menu-nodes-projection.ts";
export * from "../nav/menu-nodes-tables.ts";
export * from "./pending-rewrite-batches/pending-rewrite-batches-projection.ts";
export * from "./pending-rewrite-batches/pending-rewrite-batches-tables.ts";

export const contentProjections = [
  contentNodesProjection,
  keywordsProjection,
  contributorRolesProjection,
  menuNodesProjection,
  pendingRewriteBatchesProjection,
  contentPagesProjection, // after content and menu nodes: it renders from their rows
];
export * from "./render/sanitize-html.ts";
