import { useEffect, useEffectEvent, useState } from "react";
import type { NodeDraft } from "./draftStore";
import type { NodeFormState } from "./useNodeForm";
import { SiteTime } from "../site-time/SiteTime";

/** Offers back edits kept in this browser (after losing the lock, or a closed tab) once this editor holds the lock. */
export function DraftOffer({ form }: { form: NodeFormState }) {
  const [draft, setDraft] = useState<NodeDraft | null>(null);
  // Once, when the offer appears. Only when nothing is being edited: otherwise the stored draft is simply what is on screen.
  const offerStoredDraft = useEffectEvent(() => {
    if (!form.dirty) setDraft(form.pendingDraft());
  });
  useEffect(() => offerStoredDraft(), []);
  if (!draft) return null;
  return (
    <div className="lock-banner info" role="alert">
      <p>
        You have unsaved edits from <SiteTime iso={draft.savedAt} /> kept in this browser.
      </p>
      <div className="banner-actions">
        <button
          type="button"
          onClick={() => {
            form.restore(draft);
            setDraft(null);
          }}
        >
          Restore my edits
        </button>
        <button
          type="button"
          onClick={() => {
            form.reset({});
            setDraft(null);
          }}
        >
          Discard them
        </button>
      </div>
    </div>
  );
}
