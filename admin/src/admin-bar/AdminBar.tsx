import { useEffect, useMemo, useState } from 'react';
import { BACK_OFFICE_MESSAGES } from '@shop/shared';
import { useMeQuery } from '../features/account/accountApi';
import { KickOffDialog } from '../features/locks/KickOffDialog';
import { useRecordLock } from '../features/locks/useRecordLock';
import { WarningsDialog } from '../features/warnings/WarningsDialog';
import { BarMenu } from './BarMenu';
import { BarPanels, type PanelName } from './BarPanels';
import { messageOf, useBarNodeQuery, useBarStatusActionMutation, useIpaSaveMutation, warningsOf, type StatusAction } from './adminBarApi';
import { editableFields, useInPlaceEditing, type IpaChanges } from './useInPlaceEditing';

export type AdminBarOptions = {
  nodeId: number;
  /** Where Archive leaves for (the parent page). */
  parentUrl?: string | null;
  /** The page should show the saved node (re-read its page data). */
  onSaved?: () => void;
};

const STATUS_LABEL: Record<StatusAction, string> = { publish: 'Live', other: 'Beta', archive: 'Archive', async: 'Changes Pending' };

/** The in-page admin bar (back-office §2 item 11) for staff on a public page that has editable fields. */
export function AdminBar({ nodeId, parentUrl, onSaved }: AdminBarOptions) {
  const { data: me } = useMeQuery();
  const hasFields = useMemo(() => editableFields().size > 0, []);
  const staff = me?.is_staff === true && hasFields;
  const { data: node, refetch, isError } = useBarNodeQuery(nodeId, { skip: !staff });
  const lock = useRecordLock(staff ? { app: 'content', model: 'contentnode', id: nodeId } : null);
  const ipa = useInPlaceEditing(node);
  const [save, saving] = useIpaSaveMutation();
  const [runAction, acting] = useBarStatusActionMutation();
  const [warnings, setWarnings] = useState<{ list: string[]; changes: IpaChanges } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [panel, setPanel] = useState<PanelName | null>(null);

  // §2 item 11: leaving with unsaved edits warns.
  useEffect(() => {
    if (!ipa.unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = BACK_OFFICE_MESSAGES.unsavedChanges;
      return BACK_OFFICE_MESSAGES.unsavedChanges;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [ipa.unsaved]);

  if (!staff) return null;

  const mine = lock.state === 'mine';
  const submit = async (changes: IpaChanges, ignoreWarnings: boolean) => {
    if (!node) return;
    setNotice(null);
    const result = await save({ id: nodeId, expected_version: node.version, ignore_warnings: ignoreWarnings, ...changes });
    if ('data' in result) {
      setWarnings(null);
      ipa.stop(true);
      setNotice({ kind: 'ok', text: BACK_OFFICE_MESSAGES.genericSuccess });
      onSaved?.();
      return;
    }
    const list = warningsOf(result.error);
    if (list.length) return setWarnings({ list, changes });
    setWarnings(null);
    setNotice({ kind: 'error', text: messageOf(result.error) ?? BACK_OFFICE_MESSAGES.adminApiBroken });
  };

  const changeStatus = async (action: StatusAction) => {
    const result = await runAction({ id: nodeId, action });
    if ('error' in result) return setNotice({ kind: 'error', text: BACK_OFFICE_MESSAGES.statusChangeFailed(STATUS_LABEL[action]) });
    setNotice({ kind: 'ok', text: `Status changed to ${result.data.status}.` });
    onSaved?.();
    // Archive leaves for the parent page.
    if (action === 'archive' && parentUrl) window.location.assign(parentUrl);
  };

  const reload = () => {
    if (ipa.unsaved && !window.confirm(BACK_OFFICE_MESSAGES.unsavedChanges)) return;
    ipa.stop(true);
    void refetch();
    onSaved?.();
  };

  const lockText = lock.state === 'mine' ? BACK_OFFICE_MESSAGES.lockedByMe : lock.state === 'other' && lock.lock ? BACK_OFFICE_MESSAGES.lockedBy(lock.lock.user.name) : lock.state === 'none' ? 'Not locked' : 'Checking lock…';

  return (
    <section className="admin-bar" aria-label="Admin bar">
      <div className="ab-row">
        <strong className="ab-title">Admin</strong>
        <span className="ab-status" aria-label="Status">
          <span className={`ab-badge ab-status-${(node?.status ?? '').toLowerCase().replace(' ', '-')}`}>{node?.status ?? '…'}</span>
        </span>
        <span className={lock.state === 'other' ? 'ab-badge ab-lock-other' : 'ab-badge ab-lock'} data-testid="admin-bar-lock">
          {lockText}
        </span>
        <BarMenu
          label="Edit"
          items={[
            ipa.editing
              ? { label: 'Cancel editing', onSelect: () => (!ipa.unsaved || window.confirm(BACK_OFFICE_MESSAGES.unsavedChanges)) && ipa.stop(true) }
              : { label: 'Edit this page', onSelect: ipa.start, disabled: !mine || !node },
            { label: 'Edit in the back office', href: `/admin/content/contentnode/${nodeId}/` },
          ]}
        />
        <BarMenu
          label="Publish"
          items={[
            { label: 'Publish (Live)', onSelect: () => changeStatus('publish'), disabled: acting.isLoading || node?.status === 'Live' },
            { label: 'Set to Beta', onSelect: () => changeStatus('other'), disabled: acting.isLoading },
            { label: 'Archive', onSelect: () => changeStatus('archive'), disabled: acting.isLoading },
          ]}
        />
        <a className="ab-button" href={`/admin/content/contentnode/${nodeId}/history/`}>
          History
        </a>
        <button type="button" className="ab-button" onClick={reload}>
          Reload
        </button>
        <button type="button" className="ab-button" aria-expanded={panel === 'contributors'} onClick={() => setPanel(panel === 'contributors' ? null : 'contributors')}>
          Contributors
        </button>
        <button type="button" className="ab-button" aria-expanded={panel === 'actions'} onClick={() => setPanel(panel === 'actions' ? null : 'actions')}>
          Scheduled actions
        </button>
        <button type="button" className="ab-button ab-save" disabled={!ipa.editing || !ipa.unsaved || saving.isLoading} onClick={() => submit(ipa.changes, false)}>
          Save
        </button>
        {ipa.unsaved > 0 && (
          <span className="ab-unsaved">
            {ipa.unsaved} unsaved edit{ipa.unsaved === 1 ? '' : 's'}
          </span>
        )}
      </div>
      <p className={notice?.kind === 'error' ? 'ab-notice ab-error' : 'ab-notice'} role={notice?.kind === 'error' ? 'alert' : 'status'}>
        {isError ? BACK_OFFICE_MESSAGES.adminApiBroken : lock.displaced ? `${lock.displaced.name} took over this page's lock.` : notice?.text}
      </p>
      {panel && <BarPanels panel={panel} nodeId={nodeId} onClose={() => setPanel(null)} />}
      {lock.refused && <KickOffDialog modelLabel="Content node" holder={lock.refused} onConfirm={lock.kickOff} onCancel={lock.dismissRefusal} busy={lock.busy} />}
      {warnings && (
        <WarningsDialog warnings={warnings.list} busy={saving.isLoading} onContinue={() => submit(warnings.changes, true)} onCancel={() => setWarnings(null)} />
      )}
    </section>
  );
}
