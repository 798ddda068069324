import type { Kysely } from "kysely";
import {
  keywordStream,
  slugify,
  type CreateNodeInput,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type NodeFields,
  type UpdateNodeInput,
  type UserRef,
  InvalidParentError,
  UnknownKeywordError,
} from "@shop/shared";
import { allocateId } from "../platform/id-allocator.ts";
import type { ExistingNode, NodeKind } from "./content-node.ts";
import { decideNode } from "./decide.ts";
import { claimForWrite, refuseBadParent, refuseTakenUrl } from "./node-claims.ts";
import { loadNode, runNodeCommand } from "./node-commands.ts";
import { currentNodeLock } from "./node-lock-rule.ts";
import { pageFieldChanges, pageFieldsForCreate, refuseUnknownReferences } from "./node-page-fields.ts";
import type { Database } from "@shop/projections";

export interface NodeServiceDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const TABLE: Record<NodeKind, "content_nodes" | "menu_nodes"> = {
  contentnode: "content_nodes",
  menunode: "menu_nodes",
};
/** Read models a node write shows up in (read-your-writes waits for them). */
export const NODE_PROJECTIONS: Record<NodeKind, string[]> = {
  contentnode: ["content-nodes", "keywords", "contributor-roles", "content-pages"],
  menunode: ["menu-nodes", "pending-rewrite-batches", "content-pages"],
};

/** The API's snake_case fields to the events' names; absent fields stay absent. */
function toChanges(kind: NodeKind, input: UpdateNodeInput): Partial<NodeFields> {
  const changes: Partial<NodeFields> = {
    name: input.name,
    slug: input.slug,
    parentId: input.parent,
    shortDescription: input.short_description,
    url: input.url,
    body: input.body,
    nodeTypeId: input.node_type,
    published: input.published,
    lastPublished: input.last_published,
    ...pageFieldChanges(kind, input),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<NodeFields>;
}

export async function createNode(
  deps: NodeServiceDeps,
  kind: NodeKind,
  input: CreateNodeInput,
  by: UserRef,
  metadata: EventMetadata,
) {
  const parentId = input.parent ?? null;
  // The parent from the log: one created a moment ago counts even while the read models catch up.
  const parent = parentId === null ? null : await loadNode(deps.store, kind, parentId);
  if (parent && !parent.exists) throw new InvalidParentError();
  const slug = input.slug || slugify(input.name);
  const url = input.url || `${parent?.exists ? parent.fields.url.replace(/\/?$/, "/") : "/"}${slug}/`;
  await refuseTakenUrl(deps, kind, url, null);
  const pageFields = pageFieldsForCreate(kind, input);
  await refuseUnknownReferences(deps.store, { ...pageFields, nodeTypeId: input.node_type ?? null });
  const keywords = input.keywords === undefined ? undefined : await keywordNames(deps.store, input.keywords);
  const fields: NodeFields = {
    name: input.name,
    slug,
    parentId,
    shortDescription: input.short_description ?? "",
    url,
    body: input.body ?? "",
    nodeTypeId: input.node_type ?? null,
    published: input.published ?? null,
    lastPublished: input.last_published ?? null,
    ...pageFields,
  };
  const id = await allocateId(deps.db, kind);
  const now = deps.clock();
  const result = await runNodeCommand(
    deps.store,
    kind,
    id,
    (state) =>
      decideNode(
        {
          type: "CreateNode",
          data: {
            kind,
            id,
            fields,
            ignoreWarnings: input.ignore_warnings,
            now,
            by,
            keywordIds: input.keywords,
            keywordNames: keywords,
          },
        },
        state,
      ),
    metadata,
    (before, events) => claimForWrite(deps, kind, before, events, metadata),
  );
  await deps.waitForProjections(result.appended!.position, NODE_PROJECTIONS[kind]);
  return result.state as ExistingNode;
}

export async function updateNode(
  deps: NodeServiceDeps,
  kind: NodeKind,
  id: number,
  input: UpdateNodeInput,
  by: UserRef,
  metadata: EventMetadata,
) {
  const table = TABLE[kind];
  const changes = toChanges(kind, input);
  if (changes.parentId != null) await refuseBadParent(deps, kind, id, changes.parentId);
  if (changes.url !== undefined) await refuseTakenUrl(deps, kind, changes.url, id);
  await refuseUnknownReferences(deps.store, changes);
  const lock = await currentNodeLock(deps.store, kind, id);
  const keywords = input.keywords === undefined ? undefined : await keywordNames(deps.store, input.keywords);
  // A batch id only for a real url change of a menu node; a refused save leaves a harmless gap.
  let rewriteBatchId: number | undefined;
  if (kind === "menunode" && changes.url !== undefined) {
    const row = await deps.db.selectFrom(table).select("url").where("id", "=", id).executeTakeFirst();
    if (row && row.url !== changes.url) rewriteBatchId = await allocateId(deps.db, "pendingrewritebatch");
  }
  const now = deps.clock();
  const result = await runNodeCommand(
    deps.store,
    kind,
    id,
    (state) =>
      decideNode(
        {
          type: "SaveNode",
          data: {
            kind,
            changes,
            expectedVersion: input.expected_version,
            ignoreWarnings: input.ignore_warnings,
            now,
            by,
            keywordIds: input.keywords,
            keywordNames: keywords,
            rewriteBatchId,
            lock,
          },
        },
        state,
      ),
    metadata,
    (before, events) => claimForWrite(deps, kind, before, events, metadata),
  );
  if (result.appended) await deps.waitForProjections(result.appended.position, NODE_PROJECTIONS[kind]);
  return result.state as ExistingNode;
}

/** Names of the chosen keywords (for the repeated-word warning), from their streams; an unknown id is a field error. */
export async function keywordNames(store: EventStore, ids: number[]): Promise<string[]> {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) {
    const created = (await store.readStream(keywordStream(id))).find((e) => e.type === "KeywordCreated");
    if (created) names.set(id, (created.data as { name: string }).name);
  }
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length) throw new UnknownKeywordError("keywords", missing);
  return ids.map((id) => names.get(id)!);
}
