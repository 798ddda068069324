import type { Kysely } from "kysely";
import { findRecordLock } from "@shop/projections";
import type { RecordLock } from "@shop/shared";
import { toRecordLock } from "../locks/record-lock.ts";
import type { NodeKind } from "./content-node.ts";

const LOCK_KEY: Record<NodeKind, { app: string; model: string }> = {
  contentnode: { app: "content", model: "contentnode" },
  menunode: { app: "tree", model: "menunode" },
};

/**
 * Who holds the node's record lock now, from the locks read model (the locks feature answers a
 * lock request only after that read model has it, so a lock its holder was told about is seen here).
 */
export async function currentNodeLock(db: Kysely<any>, kind: NodeKind, id: number): Promise<RecordLock | null> {
  const row = await findRecordLock(db, { ...LOCK_KEY[kind], id });
  if (!row) return null;
  return toRecordLock({ user: { id: row.user_id, name: row.user_name }, reason: row.reason, comment: row.comment, autoCreated: row.auto_created });
}
