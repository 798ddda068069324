import {
  WrongExpectedVersionError,
  type AppendResult,
  type ContentNodeEvent,
  type EventMetadata,
  type EventStore,
  type NewEvent,
} from "@shop/shared";
import { foldStream, handleCommand, type CommandResult } from "../platform/command-handler.ts";
import { forKind, nodeDecider, type Node, type NodeKind } from "./content-node.ts";
import { nodeStream } from "./node-stream.ts";
import type { NodeWriteClaims } from "./node-claims.ts";

export { loadNode, nodeStream } from "./node-stream.ts";

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
  if (!claim) {
    return handleCommand(
      store,
      nodeStream(kind, id),
      nodeDecider,
      (state) => decide(state).map((e) => forKind(kind, e)),
      metadata,
    );
  }
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(nodeStream(kind, id));
    const state = foldStream(nodeDecider, recorded);
    const decided = decide(state);
    if (decided.length === 0) return { state, version: recorded.length - 1, events: [] };
    const claims = await claim(state, decided);
    const events: NewEvent[] = decided.map((e) => ({ ...forKind(kind, e), metadata }));
    const expectedVersion = recorded.length === 0 ? "no-stream" : recorded[recorded.length - 1].streamPosition;
    let appended: AppendResult;
    try {
      appended = await store.append(nodeStream(kind, id), events, { expectedVersion });
    } catch (error) {
      await claims.undo();
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 2) throw error;
      continue;
    }
    await claims.done();
    return {
      state: decided.reduce(nodeDecider.evolve, state),
      version: recorded.length - 1 + events.length,
      events,
      appended,
    };
  }
}
