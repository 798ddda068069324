import { useState } from 'react';
import { BACK_OFFICE_MESSAGES, type ContentStatus } from '@shop/shared';
import { useContentActionMutation, type StatusAction } from './contentNodeApi';

const TARGET: Record<'publish' | 'archive', ContentStatus> = { publish: 'Live', archive: 'Archive' };

/** The node's status, kept live by pushes, with the Publish and Archive actions (§4). */
export function StatusPanel({ id, status, disabled }: { id: number; status: ContentStatus; disabled: boolean }) {
  const [run, { isLoading }] = useContentActionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  async function change(action: StatusAction & keyof typeof TARGET) {
    setFailure(null);
    const result = await run({ id, action });
    if ('error' in result && result.error) setFailure(BACK_OFFICE_MESSAGES.statusChangeFailed(TARGET[action]));
  }
  return (
    <div className="status-panel">
      <span className="muted">Status:</span>{' '}
      <span role="status" aria-live="polite" className={`status-chip status-${status.toLowerCase().replace(/\s+/g, '-')}`} data-testid="node-status">
        {status}
      </span>
      <button type="button" onClick={() => change('publish')} disabled={disabled || isLoading || status === 'Live'}>
        Publish
      </button>
      <button type="button" onClick={() => change('archive')} disabled={disabled || isLoading || status === 'Archive'}>
        Archive
      </button>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
