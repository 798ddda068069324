import { contentNodeStream, type EventStore, menuNodeStream } from "@shop/shared";
import { foldStream } from "../platform/command-handler.ts";
import { nodeDecider, type Node, type NodeKind } from "./content-node.ts";

// Apart from node-commands.ts, which node-claims.ts (imported by it) would otherwise import back.
export const nodeStream = (kind: NodeKind, id: number) =>
  kind === "menunode" ? menuNodeStream(id) : contentNodeStream(id);

/** The node's current state, folded from its stream. */
export async function loadNode(store: EventStore, kind: NodeKind, id: number): Promise<Node> {
  const events = await store.readStream(nodeStream(kind, id));
  return foldStream(nodeDecider, events);
}
