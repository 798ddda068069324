import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import {
  BACK_OFFICE_MESSAGES,
  historyEnabled,
  offersAction,
  STATUS_AFTER_ACTION,
  type ContentAction,
} from "@shop/shared";
import { useMeQuery } from "../features/accounts/accountApi";
import { ConflictDialog } from "../features/content/ConflictDialog";
import { newerSaveOf, useContentActionMutation, useGetNodeQuery } from "../features/content/contentNodeApi";
import { HISTORY_OFF_NOTE } from "../features/content/HistorySwitch";
import { useRecordLock } from "../features/locks/useRecordLock";
import { WarningsDialog } from "../features/warnings/WarningsDialog";
import { BarDraftOffer } from "./BarDraftOffer";
import { BarLockBadge, BarLockNotices } from "./BarLock";
import { BarMenu } from "./BarMenu";
import { BarPanels, type PanelName } from "./BarPanels";
import { useBarEditing } from "./useBarEditing";
import { useBarSave } from "./useBarSave";
import { editableFields } from "./useInPlaceEditing";
import { useLeaveWarning } from "./useLeaveWarning";

/** The bar's Publish menu, in its order; whether each is offered comes from CONTENT_STATUS_TRANSITIONS. */
const STATUS_MENU: ReadonlyArray<{ action: ContentAction; label: string }> = [
  { action: "publish", label: "Publish (Live)" },
  // The async action (§4): a Live page whose saved edits wait, Changes Pending; it turns History off.
  { action: "async", label: "Changes Pending" },
  { action: "other", label: "Set to Beta" },
  { action: "archive", label: "Archive" },
];

export type AdminBarOptions = {
  nodeId: number;
  /** Where Archive leaves for (the parent page). */
  parentUrl?: string | null;
  /** The page should show the saved node (re-read its page data). */
  onSaved?: () => void;
};

/** The in-page admin bar (back-office §2 item 11) for staff on a public page that has editable fields. */
export function AdminBar({ nodeId, parentUrl, onSaved }: AdminBarOptions) {
  const { data: me } = useMeQuery();
  const hasFields = useMemo(() => editableFields().size > 0, []);
  const staff = me?.is_staff === true && hasFields;
  const { data: node, refetch, isError } = useGetNodeQuery(nodeId, { skip: !staff });
  const record = useMemo(() => (staff ? { app: "content", model: "contentnode", id: nodeId } : null), [staff, nodeId]);
  const lock = useRecordLock(record, { lockWhenFree: true });
  const edit = useBarEditing(node, me ? String(me.id) : undefined, nodeId, lock);
  const save = useBarSave(nodeId, edit, lock, onSaved);
  const [runAction, acting] = useContentActionMutation();
  const [panel, setPanel] = useState<PanelName | null>(null);
  const newer = newerSaveOf(node);

  useLeaveWarning(edit.unsaved > 0, edit.discardDraft);

  // The effects below run on what changed, and call the latest refetch and onSaved.
  const pageSaved = useEffectEvent(() => onSaved?.());
  const showNewer = useEffectEvent(() => {
    void refetch();
    pageSaved();
  });

  // A colleague saved while this editor only looks: show their version at once. While editing, the
  // notice below says so, and saving shows the difference first.
  const newerVersion = newer?.version;
  useEffect(() => {
    if (newerVersion === undefined || edit.editing) return;
    showNewer();
  }, [newerVersion, edit.editing]);

  // A status pushed by a colleague (Publish, Beta) also changes the page's own preview note; the page is
  // re-read only while nobody edits it in place, since re-rendering would replace the elements being edited.
  const status = node?.status;
  const shownStatus = useRef(status);
  useEffect(() => {
    if (status === shownStatus.current || edit.editing) return;
    if (shownStatus.current !== undefined) pageSaved();
    shownStatus.current = status;
  }, [status, edit.editing]);

  if (!staff) return null;

  const holding = lock.state === "mine" && !lock.displaced;
  const { notice, setNotice } = save;

  const changeStatus = async (action: ContentAction) => {
    setNotice({ kind: "progress", text: BACK_OFFICE_MESSAGES.defaultProgress });
    const result = await runAction({ id: nodeId, action });
    if ("error" in result)
      return setNotice({ kind: "error", text: BACK_OFFICE_MESSAGES.statusChangeFailed(STATUS_AFTER_ACTION[action]) });
    setNotice({ kind: "ok", text: `Status changed to ${result.data.status}.` });
    onSaved?.();
    // Archive leaves for the parent page.
    if (action === "archive" && parentUrl) window.location.assign(parentUrl);
  };

  const confirmDrop = () => edit.unsaved === 0 || window.confirm(BACK_OFFICE_MESSAGES.unsavedChanges);
  const reload = () => {
    if (!confirmDrop()) return;
    edit.finish();
    void refetch();
    onSaved?.();
  };

  const busy = acting.isLoading || save.saving;
  const noticeText = isError ? BACK_OFFICE_MESSAGES.adminApiBroken : notice?.text;
  const noticeIsError = isError || notice?.kind === "error";
  return (
    <section className="admin-bar" aria-label="Admin bar">
      <div className="ab-row">
        <strong className="ab-title">Admin</strong>
        <span className="ab-status" role="status" aria-label="Status">
          <span className={`ab-badge ab-status-${(node?.status ?? "").toLowerCase().replace(" ", "-")}`}>
            {node?.status ?? "…"}
          </span>
        </span>
        <BarLockBadge control={lock} />
        <BarMenu
          label="Edit"
          items={[
            edit.editing
              ? { label: "Cancel editing", onSelect: () => confirmDrop() && edit.finish() }
              : { label: "Edit this page", onSelect: edit.start, disabled: !holding || !node },
            { label: "Edit in the back office", href: `/admin/content/contentnode/${nodeId}/` },
          ]}
        />
        <BarMenu
          label="Publish"
          items={[
            ...STATUS_MENU.map(({ action, label }) => ({
              label,
              onSelect: () => changeStatus(action),
              // The shared transition table: an action that would not change the status is not offered.
              // §4: async (Changes Pending) runs after a save, so it waits while edits are unsaved.
              disabled:
                !holding ||
                busy ||
                (action === "async" && edit.unsaved > 0) ||
                (node !== undefined && !offersAction(node.status, action)),
            })),
          ]}
        />
        {node && !historyEnabled(node.status) ? (
          <button type="button" className="ab-button" disabled title={HISTORY_OFF_NOTE}>
            History
          </button>
        ) : (
          <a className="ab-button" href={`/admin/content/contentnode/${nodeId}/history/`}>
            History
          </a>
        )}
        <button type="button" className="ab-button" onClick={reload}>
          Reload
        </button>
        {(["contributors", "actions"] as const).map((name) => (
          <button
            key={name}
            type="button"
            className="ab-button"
            aria-expanded={panel === name}
            onClick={() => setPanel(panel === name ? null : name)}
          >
            {name === "contributors" ? "Contributors" : "Scheduled actions"}
          </button>
        ))}
        <button
          type="button"
          className="ab-button ab-save"
          disabled={!holding || !edit.editing || edit.unsaved === 0 || busy}
          onClick={() => void save.submit(false)}
        >
          Save
        </button>
        {edit.unsaved > 0 && (
          <span className="ab-unsaved">
            {edit.unsaved} unsaved edit{edit.unsaved === 1 ? "" : "s"}
          </span>
        )}
      </div>
      <p className={noticeIsError ? "ab-notice ab-error" : "ab-notice"} role={noticeIsError ? "alert" : "status"}>
        {noticeText}
      </p>
      {newer && edit.editing && (
        <p className="ab-notice ab-warn" role="status">
          {newer.by?.name ?? "Someone"} saved a newer version (version {newer.version}). Saving will show you the
          difference first.
        </p>
      )}
      <BarLockNotices control={lock} keptEdits={edit.keptEdits} />
      {edit.offer && holding && (
        <BarDraftOffer draft={edit.offer} onRestore={edit.restore} onDiscard={edit.discardDraft} />
      )}
      {panel && <BarPanels panel={panel} nodeId={nodeId} readOnly={!holding} onClose={() => setPanel(null)} />}
      {save.warnings && (
        <WarningsDialog
          warnings={save.warnings}
          busy={save.saving}
          onContinue={() => void save.submit(true)}
          onCancel={save.dismissWarnings}
        />
      )}
      {save.conflict && (
        <ConflictDialog
          id={nodeId}
          conflict={save.conflict}
          form={{ ...edit.form, reset: () => edit.finish() }}
          onClose={save.dismissConflict}
          onSaveMine={() => {
            const version = save.conflict!.version;
            save.dismissConflict();
            void save.submit(false, version);
          }}
        />
      )}
    </section>
  );
}
