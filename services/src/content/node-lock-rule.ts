import { recordLockStream, type EventStore, type RecordLock } from "@shop/shared";
import { foldStream } from "../platform/command-handler.ts";
import { recordLockDecider, toRecordLock } from "../locks/record-lock.ts";
import type { NodeKind } from "./content-node.ts";

const LOCK_KEY: Record<NodeKind, { app: string; model: string }> = {
  contentnode: { app: "content", model: "contentnode" },
  menunode: { app: "tree", model: "menunode" },
};

/**
 * Who holds the node's record lock now, folded from the lock's own stream: the locks read model
 * may lag (a projection catching up, a lock taken through another process), the log does not.
 */
export async function currentNodeLock(store: EventStore, kind: NodeKind, id: number): Promise<RecordLock | null> {
  const { app, model } = LOCK_KEY[kind];
  const state = foldStream(recordLockDecider, await store.readStream(recordLockStream(app, model, id)));
  return state.status === "held" ? toRecordLock(state.lock) : null;
}
