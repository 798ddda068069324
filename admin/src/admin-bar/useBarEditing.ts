import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import type { NodeDraft } from "../features/content/draftStore";
import { useNodeForm } from "../features/content/useNodeForm";
import type { RecordLockControl } from "../features/locks/useRecordLock";
import type { ContentNode } from "../features/content/contentNodeApi";
import { ipaPart } from "./ipaFields";
import { useInPlaceEditing } from "./useInPlaceEditing";

/**
 * In-place editing with the back-office form's draft store: every edit is kept in the browser under the
 * same key the form uses, so a displaced editor loses nothing, and the kept edits are offered back (here
 * or in the form) once this editor holds the lock again.
 */
export function useBarEditing(
  node: ContentNode | undefined,
  userId: string | undefined,
  nodeId: number,
  lock: RecordLockControl,
) {
  const form = useNodeForm(node, userId, nodeId);
  const ipa = useInPlaceEditing(node, form.reset);
  const edits = ipaPart(form.edits);
  const unsaved = Object.keys(edits).length;
  const [keptEdits, setKeptEdits] = useState(false);
  const [offer, setOffer] = useState<NodeDraft | null>(null);
  /** A restored draft was written against this version: saving it must be checked against that one. */
  const restoredFrom = useRef<number | null>(null);

  const keptDraft = useCallback(() => {
    const draft = form.pendingDraft();
    return draft && Object.keys(ipaPart(draft.edits)).length > 0 ? draft : null;
  }, [form]);

  // Displaced: the page shows the saved node again and the edits wait in the browser's draft.
  // Runs when the lock is lost, with the edits of that moment (not again as they change).
  const shelve = useEffectEvent(() => {
    setKeptEdits(unsaved > 0 || keptDraft() !== null);
    if (ipa.editing) ipa.stop(true);
    form.shelve();
  });
  useEffect(() => {
    if (lock.displaced) shelve();
  }, [lock.displaced]);

  // Holding the lock and not editing: offer back what a lost lock or a closed tab left behind.
  // The draft is read when these change, not on every keystroke that rewrites it.
  const version = node?.version;
  const offerKeptDraft = useEffectEvent((show: boolean) => setOffer(show ? keptDraft() : null));
  useEffect(() => {
    const holding = lock.state === "mine" && !lock.displaced;
    offerKeptDraft(holding && !ipa.editing && version !== undefined);
  }, [lock.state, lock.displaced, ipa.editing, version]);

  const start = () => {
    restoredFrom.current = null;
    ipa.start();
  };
  const restore = () => {
    if (!offer) return;
    restoredFrom.current = offer.version;
    ipa.start(ipaPart(offer.edits));
    setOffer(null);
  };
  const discardDraft = () => {
    form.reset({});
    setOffer(null);
  };
  /** Ends editing and forgets the edits and their draft (after a save, or a confirmed cancel). */
  const finish = () => {
    form.reset({});
    restoredFrom.current = null;
    ipa.stop(true);
  };

  return {
    form,
    editing: ipa.editing,
    edits,
    unsaved,
    keptEdits,
    offer,
    start,
    restore,
    discardDraft,
    finish,
    /** The version these edits started from: the loaded node's, or a restored draft's. */
    expectedVersion: () => restoredFrom.current ?? node?.version ?? 0,
  };
}

export type BarEditing = ReturnType<typeof useBarEditing>;
