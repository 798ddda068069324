import { contentNodeStream, menuNodeStream, type ContentNodeEvent, type EventMetadata, type EventStore, type MenuNodeEvent } from "@shop/shared";
import { handleCommand, type CommandResult } from "../platform/command-handler.ts";
import { forKind, nodeDecider, type Node, type NodeKind } from "./content-node.ts";

export const nodeStream = (kind: NodeKind, id: number) => (kind === "menunode" ? menuNodeStream(id) : contentNodeStream(id));

/** Runs a pure node decision on the node's stream, writing MenuNode* names for menu nodes. */
export function runNodeCommand(
  store: EventStore,
  kind: NodeKind,
  id: number,
  decide: (state: Node) => ContentNodeEvent[],
  metadata: EventMetadata,
): Promise<CommandResult<Node>> {
  return handleCommand<Node, ContentNodeEvent | MenuNodeEvent>(store, nodeStream(kind, id), nodeDecider, (state) => decide(state).map((e) => forKind(kind, e)), metadata);
}

/** The node's current state, folded from its stream. */
export async function loadNode(store: EventStore, kind: NodeKind, id: number): Promise<Node> {
  const events = await store.readStream(nodeStream(kind, id));
  return events.reduce((s, e) => nodeDecider.evolve(s, e as unknown as ContentNodeEvent), nodeDecider.initialState());
}
