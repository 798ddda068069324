import { ContributorsEditor } from '../features/contributors/ContributorsEditor';
import { ScheduledActionsEditor } from '../features/scheduled-actions/ScheduledActionsEditor';

export type PanelName = 'contributors' | 'actions';

/** The bar's drop-down panels: the page's contributors and its scheduled actions, edited right here. */
export function BarPanels({ panel, nodeId, onClose }: { panel: PanelName; nodeId: number; onClose(): void }) {
  const title = panel === 'contributors' ? 'Contributors' : 'Scheduled actions';
  return (
    <div className="ab-panel" role="region" aria-label={title}>
      <div className="ab-panel-head">
        <h2>{title}</h2>
        <button type="button" className="ab-button" aria-label={`Close ${title.toLowerCase()}`} onClick={onClose}>
          ×
        </button>
      </div>
      {panel === 'contributors' ? <ContributorsEditor nodeId={nodeId} /> : <ScheduledActionsEditor nodeId={nodeId} />}
    </div>
  );
}
