import { useState } from "react";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import { useIpaSaveMutation } from "../features/content/contentNodeApi";
import type { Conflict } from "../features/content/useNodeSave";
import type { RecordLockControl } from "../features/locks/useRecordLock";
import { saveRefusalOf } from "./saveOutcome";
import type { BarEditing } from "./useBarEditing";

export type BarNotice = { kind: "ok" | "error" | "progress"; text: string };

/**
 * Saving in place (PUT /admin/api/content/node-ipa-save/ with only the changed fields): the warnings
 * dialog, a stale version (who saved, review the difference), a lock someone else holds (displaced).
 */
export function useBarSave(nodeId: number, editing: BarEditing, lock: RecordLockControl, onSaved?: () => void) {
  const [save, { isLoading: saving }] = useIpaSaveMutation();
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [notice, setNotice] = useState<BarNotice | null>(null);

  async function submit(ignoreWarnings: boolean, expectedVersion = editing.expectedVersion()) {
    setNotice({ kind: "progress", text: BACK_OFFICE_MESSAGES.defaultProgress });
    const result = await save({
      id: nodeId,
      expected_version: expectedVersion,
      ignore_warnings: ignoreWarnings,
      ...editing.edits,
    });
    setWarnings(null);
    if ("data" in result) {
      setConflict(null);
      editing.finish();
      setNotice({ kind: "ok", text: BACK_OFFICE_MESSAGES.genericSuccess });
      onSaved?.();
      return;
    }
    setNotice(null);
    const refusal = saveRefusalOf(result.error);
    switch (refusal.kind) {
      case "warnings":
        return setWarnings(refusal.warnings);
      case "locked":
        // The displacement notice names the holder; the edits are already in the browser's draft.
        lock.noteHolder(refusal.holder);
        return setNotice({ kind: "error", text: `Not saved: ${refusal.holder.user.name} holds the lock.` });
      case "stale":
        return setConflict(refusal.conflict);
      case "error":
        return setNotice({ kind: "error", text: refusal.message });
      default: {
        const unknown: never = refusal;
        return unknown;
      }
    }
  }

  return {
    submit,
    saving,
    warnings,
    dismissWarnings: () => setWarnings(null),
    conflict,
    dismissConflict: () => setConflict(null),
    notice,
    setNotice,
  };
}
