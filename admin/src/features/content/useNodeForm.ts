import { useCallback, useMemo, useRef, useState } from "react";
import { slugify } from "@shop/shared";
import { clearDraft, readDraft, writeDraft, type NodeDraft } from "./draftStore";
import type { ContentNode } from "./contentNodeApi";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import { useSiteTimeZone } from "../site-time/siteApi";
import { changedFields, toFormValues, type FieldName, type NodeFormValues } from "./nodeFormValues";

/**
 * The form's values as the loaded node plus the editor's edits on top, so a refetch of the node
 * (after a status change) never drops what was typed. Every edit is also kept as a browser draft.
 */
export function useNodeForm(node: ContentNode | undefined, userId: string | undefined, nodeId: number | "new") {
  const siteZone = useSiteTimeZone();
  // The page waits for the zone before it shows the form (`zoneKnown`); the default only fills the wait.
  const zone = siteZone ?? DEFAULT_SITE_TIME_ZONE;
  const base = useMemo(() => toFormValues(node, zone), [node, zone]);
  const [edits, setEdits] = useState<Partial<NodeFormValues>>({});
  const values = useMemo(() => ({ ...base, ...edits }), [base, edits]);
  const changes = useMemo(() => changedFields(base, values, zone), [base, values, zone]);
  const dirty = Object.keys(changes).length > 0;
  // §4: the slug follows the name only while it matched the name's slug when the name got focus.
  const slugFollows = useRef(false);

  const persist = useCallback(
    (next: Partial<NodeFormValues>) => {
      if (!userId) return;
      if (Object.keys(next).length === 0) clearDraft(userId, nodeId);
      else writeDraft(userId, nodeId, { edits: next, savedAt: new Date().toISOString(), version: node?.version ?? -1 });
    },
    [userId, nodeId, node?.version],
  );

  const setField = useCallback(
    (field: FieldName, value: string) => {
      setEdits((previous) => {
        const next = { ...previous, [field]: value };
        if (field === "name" && slugFollows.current) next.slug = slugify(value);
        persist(next);
        return next;
      });
    },
    [persist],
  );

  const onNameFocus = useCallback(() => {
    slugFollows.current = slugify(values.name) === values.slug;
  }, [values.name, values.slug]);

  const reset = useCallback(
    (next: Partial<NodeFormValues> = {}) => {
      setEdits(next);
      persist(next);
    },
    [persist],
  );

  /** A kept draft that differs from what is loaded now, or null. */
  const pendingDraft = useCallback((): NodeDraft | null => {
    if (!userId) return null;
    const draft = readDraft(userId, nodeId);
    if (!draft) return null;
    const differs = Object.keys(changedFields(base, { ...base, ...draft.edits }, zone)).length > 0;
    return differs ? draft : null;
  }, [userId, nodeId, base, zone]);

  /** Swaps the edits for a draft without rewriting it (it is already stored). */
  const restore = useCallback((draft: NodeDraft) => setEdits(draft.edits), []);
  /** Forgets the edits on screen but keeps the stored draft (the editor lost the lock). */
  const shelve = useCallback(() => setEdits({}), []);

  return {
    zone,
    zoneKnown: siteZone !== undefined,
    base,
    values,
    edits,
    changes,
    dirty,
    setField,
    onNameFocus,
    reset,
    pendingDraft,
    restore,
    shelve,
  };
}

export type NodeFormState = ReturnType<typeof useNodeForm>;
