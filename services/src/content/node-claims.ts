import type { Kysely } from "kysely";
import {
  NodeParentChangeClaimed,
  nodeTreeStream,
  type ContentNodeEvent,
  type EventMetadata,
  type EventStore,
  InvalidParentError,
  UrlTakenError,
} from "@shop/shared";
import {
  type AppendClaims,
  type Decider,
  foldStream,
  type RetryPolicy,
  runCommand,
} from "../platform/command-handler.ts";
import { claimValue, holderOf, releaseValue, type ClaimRules, type UniqueValue } from "../platform/unique-claims.ts";
import type { Node, NodeKind } from "./content-node.ts";
import { loadNode } from "./node-stream.ts";
import type { Database } from "@shop/projections";

/**
 * The rules a node write must decide from the log, not from read models that may lag: a url
 * belongs to one node of its kind (archived nodes keep theirs), and the tree has no loops.
 */
export interface NodeClaimDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
}

const TABLE: Record<NodeKind, "content_nodes" | "menu_nodes"> = {
  contentnode: "content_nodes",
  menunode: "menu_nodes",
};

const urlValue = (kind: NodeKind, url: string): UniqueValue => ({ scope: `${kind}.url`, value: url });

function urlRules(deps: NodeClaimDeps, kind: NodeKind, url: string): ClaimRules {
  return {
    legacyHolder: async () => {
      const row = await deps.db
        .selectFrom(TABLE[kind])
        .select("id")
        .where("url", "=", url)
        .orderBy("id")
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },
    stillHolds: async (owner) => {
      const node = await loadNode(deps.store, kind, owner);
      return node.exists && node.fields.url === url;
    },
  };
}

/** Refuses a url another node holds (400 'url: Another node already uses this url.'). */
export async function refuseTakenUrl(deps: NodeClaimDeps, kind: NodeKind, url: string, ownId: number | null) {
  const holder = await holderOf(deps.store, urlValue(kind, url), urlRules(deps, kind, url), deps.clock());
  if (holder !== null && holder !== ownId) throw new UrlTakenError();
}

/**
 * The parent must exist and must not be the node itself or one of its descendants. Walks up from
 * the new parent through the nodes' own streams, and through every parent change claimed on the
 * tree stream (a claimed move may not be on its node's stream yet, so both edges count).
 */
async function refuseLoop(
  deps: NodeClaimDeps,
  kind: NodeKind,
  id: number,
  parentId: number,
  claimed: Map<number, number | null>,
) {
  const seen = new Set<number>();
  const todo = [parentId];
  while (todo.length) {
    const current = todo.pop()!;
    if (current === id) throw new InvalidParentError(true);
    if (seen.has(current) || seen.size > 10_000) continue;
    seen.add(current);
    const node = await loadNode(deps.store, kind, current);
    if (!node.exists) {
      if (current === parentId) throw new InvalidParentError();
      continue;
    }
    if (node.fields.parentId !== null) todo.push(node.fields.parentId);
    const move = claimed.get(current);
    if (move != null) todo.push(move);
  }
}

/** Every parent change of one kind claimed so far: node id -> its claimed parent. */
const treeDecider: Decider<Map<number, number | null>, [typeof NodeParentChangeClaimed]> = {
  initialState: () => new Map(),
  events: [NodeParentChangeClaimed],
  evolve: (claimed, e) => new Map(claimed).set(e.data.nodeId, e.data.parentId),
};

/** Two moves of one kind claimed at once: the loser decides again on the winner's move. */
const TREE_RETRY: RetryPolicy = { onConflict: "retry", attempts: 8 };

async function readTree(store: EventStore, kind: NodeKind) {
  return foldStream(treeDecider, await store.readStream(nodeTreeStream(kind)));
}

/** The check made before a save decides (same answers as before claims existed). */
export async function refuseBadParent(deps: NodeClaimDeps, kind: NodeKind, id: number, parentId: number) {
  await refuseLoop(deps, kind, id, parentId, await readTree(deps.store, kind));
}

/** Parent changes of one kind are claimed one at a time, each deciding on all the moves before it. */
async function claimParentChange(
  deps: NodeClaimDeps,
  kind: NodeKind,
  id: number,
  parentId: number | null,
  metadata: EventMetadata,
) {
  await runCommand(
    deps.store,
    nodeTreeStream(kind),
    treeDecider,
    TREE_RETRY,
    async (claimed) => {
      if (parentId !== null) await refuseLoop(deps, kind, id, parentId, claimed);
      const data = { kind, nodeId: id, parentId, claimedAt: deps.clock().toISOString() };
      return [{ type: "NodeParentChangeClaimed" as const, data }];
    },
    { metadata },
  );
}

/** What a write must do around its append: claims before it, and undo or release after. */
export type NodeWriteClaims = AppendClaims;

/**
 * Claims what the decided events need before they are appended: the new url (400 when another
 * node holds it) and a parent change (400 when it would close a loop).
 */
export async function claimForWrite(
  deps: NodeClaimDeps,
  kind: NodeKind,
  before: Node,
  events: ContentNodeEvent[],
  metadata: EventMetadata,
): Promise<NodeWriteClaims> {
  const created = events.find((e) => e.type === "ContentNodeCreated");
  const saved = events.find((e) => e.type === "ContentNodeSaved");
  const id = created ? created.data.id : before.exists ? before.id : 0;
  const url = created ? created.data.url : saved?.data.changes.url;
  const oldUrl = before.exists && url !== undefined ? before.fields.url : undefined;
  const now = deps.clock();
  if (
    url !== undefined &&
    !(await claimValue(deps.store, urlValue(kind, url), id, urlRules(deps, kind, url), now, metadata))
  )
    throw new UrlTakenError();
  const undo = async () => {
    if (url !== undefined) await releaseValue(deps.store, urlValue(kind, url), id, deps.clock(), metadata);
  };
  if (saved && "parentId" in saved.data.changes) {
    try {
      await claimParentChange(deps, kind, id, saved.data.changes.parentId ?? null, metadata);
    } catch (error) {
      await undo();
      throw error;
    }
  }
  return {
    undo,
    done: async () => {
      if (oldUrl !== undefined && oldUrl !== url)
        await releaseValue(deps.store, urlValue(kind, oldUrl), id, deps.clock(), metadata);
    },
  };
}
