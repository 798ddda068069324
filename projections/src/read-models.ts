import type { Kysely } from "kysely";
import type { SessionsTable } from "./sessions/sessions-projection.ts";
import type { UsersTable } from "./users/users-projection.ts";
import type { RecordLocksTable } from "./record-locks/record-locks-projection.ts";
import type {
  ContentLangNodesTable,
  ContentNodeTypesTable,
  DbTemplatesTable,
  MediaFilesTable,
  MediaFormatsTable,
} from "./lookup-catalog/lookup-catalog-projection.ts";
import type { ProductsTable, SkusTable } from "./catalog/catalog-tables.ts";
import type {
  ContentNodeKeywordsTable,
  ContentNodesTable,
  ContributorRolesTable,
  KeywordsTable,
  MenuNodesTable,
  PendingRewriteBatchesTable,
} from "./content-nodes/index.ts";
import type { ScheduledActionsTable } from "./scheduled-actions/scheduled-actions-projection.ts";

/** Every read-model table, for typed queries. Features add their tables here. */
export interface ReadModels {
  users: UsersTable;
  sessions: SessionsTable;
  record_locks: RecordLocksTable;
  media_formats: MediaFormatsTable;
  media_files: MediaFilesTable;
  content_node_types: ContentNodeTypesTable;
  db_templates: DbTemplatesTable;
  products: ProductsTable;
  skus: SkusTable;
  content_lang_nodes: ContentLangNodesTable;
  scheduled_actions: ScheduledActionsTable;
  content_nodes: ContentNodesTable;
  menu_nodes: MenuNodesTable;
  keywords: KeywordsTable;
  content_node_keywords: ContentNodeKeywordsTable;
  contributor_roles: ContributorRolesTable;
  pending_rewrite_batches: PendingRewriteBatchesTable;
}

/** The app holds one untyped connection shared with the event store; queries view it through this. */
export const readModels = (db: Kysely<any>) => db as Kysely<ReadModels>;
