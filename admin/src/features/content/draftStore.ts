import type { NodeFormValues } from "./nodeFormValues";

/** Unsaved edits of one node by one editor, kept in the browser so a lost lock or a closed tab loses nothing. */
export type NodeDraft = { edits: Partial<NodeFormValues>; savedAt: string; version: number };

const keyFor = (userId: string, nodeId: number | "new") => `shop-admin:node-draft:${userId}:${nodeId}`;

export function readDraft(userId: string, nodeId: number | "new"): NodeDraft | null {
  try {
    const raw = window.localStorage.getItem(keyFor(userId, nodeId));
    return raw ? (JSON.parse(raw) as NodeDraft) : null;
  } catch {
    return null; // storage unavailable or a damaged entry: nothing to offer
  }
}

export function writeDraft(userId: string, nodeId: number | "new", draft: NodeDraft): void {
  try {
    window.localStorage.setItem(keyFor(userId, nodeId), JSON.stringify(draft));
  } catch {
    // Private mode or a full quota: the form still works, only the safety copy is missing.
  }
}

export function clearDraft(userId: string, nodeId: number | "new"): void {
  try {
    window.localStorage.removeItem(keyFor(userId, nodeId));
  } catch {
    // as above
  }
}
