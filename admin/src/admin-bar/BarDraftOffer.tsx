import type { NodeDraft } from "../features/content/draftStore";
import { SiteTime } from "../features/site-time/SiteTime";

type Props = { draft: NodeDraft; onRestore(): void; onDiscard(): void };

/** Edits kept in this browser (after losing the lock, or a closed tab), offered back once this editor holds the lock. */
export function BarDraftOffer({ draft, onRestore, onDiscard }: Props) {
  return (
    <div className="ab-alert ab-info" role="alert">
      <p>
        You have unsaved edits from <SiteTime iso={draft.savedAt} /> kept in this browser.
      </p>
      <button type="button" className="ab-button ab-primary" onClick={onRestore}>
        Restore my edits
      </button>
      <button type="button" className="ab-button" onClick={onDiscard}>
        Discard them
      </button>
    </div>
  );
}
