import { ContributorsEditor } from "../features/contributors/ContributorsEditor";
import { ScheduledActionsEditor } from "../features/scheduled-actions/ScheduledActionsEditor";

export type PanelName = "contributors" | "actions";

type Props = { panel: PanelName; nodeId: number; readOnly: boolean; onClose(): void };

/**
 * The bar's drop-down panels: the page's contributors and its scheduled actions, edited right here.
 * Without the lock they can be read but not changed: a disabled fieldset disables every control inside.
 */
export function BarPanels({ panel, nodeId, readOnly, onClose }: Props) {
  const title = panel === "contributors" ? "Contributors" : "Scheduled actions";
  return (
    <section className="ab-panel" aria-label={title}>
      <div className="ab-panel-head">
        <h2>{title}</h2>
        <button type="button" className="ab-button" aria-label={`Close ${title.toLowerCase()}`} onClick={onClose}>
          ×
        </button>
      </div>
      {readOnly && <p className="muted">Read-only until you hold this page's lock.</p>}
      <fieldset className="ab-fieldset" disabled={readOnly}>
        <legend className="visually-hidden">{title}</legend>
        {panel === "contributors" ? <ContributorsEditor nodeId={nodeId} /> : <ScheduledActionsEditor nodeId={nodeId} />}
      </fieldset>
    </section>
  );
}
