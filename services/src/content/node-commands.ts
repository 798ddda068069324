import type { ContentNodeEvent, EventMetadata, EventStore } from "@shop/shared";
import { RETRY, runCommand, type CommandResult } from "../platform/command-handler.ts";
import { forKind, nodeDecider, type Node, type NodeKind } from "./content-node.ts";
import type { NodeWriteClaims } from "./node-claims.ts";

import { nodeStream } from "./node-stream.ts";

export { loadNode, nodeStream } from "./node-stream.ts";

/** A node is edited in the back office, rarely by two at once: one fresh try (claims given back first). */
const NODE_RETRY = RETRY.once;

/** Claims a write needs on other streams (url, tree), taken after `decide` and before the append. */
export type ClaimForWrite = (before: Node, events: ContentNodeEvent[]) => Promise<NodeWriteClaims>;

/**
 * Runs a pure node decision on the node's stream, writing MenuNode* names for menu nodes. With
 * `claim`, what the decided events need from other streams is claimed first (a refusal there
 * writes nothing on the node) and given back if the node's append then fails.
 */
export async function runNodeCommand(
  store: EventStore,
  kind: NodeKind,
  id: number,
  decide: (state: Node) => ContentNodeEvent[],
  metadata: EventMetadata,
  claim?: ClaimForWrite,
): Promise<CommandResult<Node>> {
  // The claims read the events as the content app names them, before `forKind` renames a menu node's.
  let decided: ContentNodeEvent[] = [];
  return runCommand(
    store,
    nodeStream(kind, id),
    nodeDecider,
    NODE_RETRY,
    (state) => {
      decided = decide(state);
      return decided.map((e) => forKind(kind, e));
    },
    { metadata, beforeAppend: claim && ((state) => claim(state, decided)) },
  );
}
