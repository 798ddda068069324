import type { AppendResult, EventMetadata, EventStore, UserRef } from "@shop/shared";
import { decideNode, type ContentAction } from "./decide.ts";
import type { NodeKind } from "./content-node.ts";
import { runNodeCommand } from "./node-commands.ts";

/**
 * Applies a status action to a content node (back-office §4 "Content status"): publish → Live,
 * async → Changes Pending, archive → Archive, other → Beta. Used by the action endpoint and by
 * the scheduler of CMS actions. Answers null when the node already has that status (nothing written);
 * raises NodeNotFoundError (404) for an unknown node.
 */
export async function runContentAction(
  deps: { store: EventStore; clock: () => Date },
  input: { nodeId: number; action: ContentAction; by?: UserRef | null; kind?: NodeKind },
  metadata: EventMetadata,
): Promise<AppendResult | null> {
  const now = deps.clock();
  const result = await runNodeCommand(
    deps.store,
    input.kind ?? "contentnode",
    input.nodeId,
    (state) => decideNode({ type: "ChangeStatus", data: { action: input.action, now, by: input.by ?? null } }, state),
    metadata,
  );
  return result.appended ?? null;
}
