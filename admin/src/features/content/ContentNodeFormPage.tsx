import { useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from "react";
import { skipToken } from "@reduxjs/toolkit/query";
import { Link, useNavigate, useParams } from "react-router";
import { useMeQuery } from "../accounts/accountApi";
import { LockButton, LockNotices } from "../locks/LockPanel";
import { useRecordLock } from "../locks/useRecordLock";
import { handBackToOpener, isAddPopup } from "../lookups/RecordPicker";
import { WarningsDialog } from "../warnings/WarningsDialog";
import { ConflictDialog } from "./ConflictDialog";
import { useGetNodeQuery } from "./contentNodeApi";
import { HistorySwitch } from "./HistorySwitch";
import { NODE_KINDS, nodeArg, type NodeKind } from "./nodeKinds";
import { clearDraft } from "./draftStore";
import { DraftOffer } from "./DraftOffer";
import { LeaveGuard } from "./LeaveGuard";
import { NodeFields } from "./NodeFields";
import { NodeRelatedSections } from "./NodeRelatedSections";
import { dateTimeError, type FieldName } from "./nodeFormValues";
import { pageFieldErrors, type PageFieldName } from "./pageFieldValues";
import { StatusPanel } from "./StatusPanel";
import { useNodeForm } from "./useNodeForm";
import { useNodeSave } from "./useNodeSave";
import "./form.css";

/** /admin/content/contentnode/{id}/ and /admin/content/contentnode/add/; a new id starts a fresh form. */
export function ContentNodeFormPage() {
  const params = useParams();
  return <NodeFormPage key={params.id ?? "add"} kind={NODE_KINDS.contentnode} />;
}

/** /admin/tree/menunode/{id}/ and /admin/tree/menunode/add/: the same form, lock, history and live pushes. */
export function MenuNodeFormPage() {
  const params = useParams();
  return <NodeFormPage key={params.id ?? "add"} kind={NODE_KINDS.menunode} />;
}

function NodeFormPage({ kind }: { kind: NodeKind }) {
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const navigate = useNavigate();
  const { data: me } = useMeQuery();
  const userId = me ? String(me.id) : undefined;
  const { data: node, isLoading, isError, refetch } = useGetNodeQuery(id ? nodeArg(kind.model, id) : skipToken);
  const record = useMemo(() => (id ? { app: kind.app, model: kind.model, id } : null), [id, kind]);
  const lock = useRecordLock(record);
  const form = useNodeForm(node, userId, id ?? "new");
  const leaving = useRef(false);
  const dirtyRef = useRef(false);
  const save = useNodeSave(
    id,
    node,
    form,
    (newId) => {
      leaving.current = true;
      // Opened by a picker's add-another link: the new node goes back to that picker and the popup closes.
      if (isAddPopup() && handBackToOpener(newId)) return;
      navigate(`${kind.adminPath}${newId}/`, { replace: true });
    },
    kind.model,
  );
  dirtyRef.current = form.dirty;
  const [keptEdits, setKeptEdits] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  // Displaced: the typed edits go to the browser's draft and the form shows the saved node, read-only.
  // Runs when the lock is lost, with the form of that moment.
  const shelve = useEffectEvent(() => {
    setKeptEdits(form.dirty || form.pendingDraft() !== null);
    form.shelve();
  });
  useEffect(() => {
    if (lock.displaced) shelve();
  }, [lock.displaced]);

  // A colleague's newer save (pushed, or found after a reconnect) simply loads when nothing here is unsaved;
  // with edits it stays a notice, so the stale-save check can show the difference before anything is lost.
  // Being displaced does not load it (the shelved form shows the saved node until asked).
  const newerVersion = node?.newerSave?.version;
  const loadNewer = useEffectEvent(() => {
    if (!lock.displaced) refetch();
  });
  useEffect(() => {
    if (newerVersion !== undefined && !form.dirty) loadNewer();
  }, [newerVersion, form.dirty]);

  // Each failed save moves focus to the summary, even when its errors read the same as the last one's
  // (a new list per save); a check on blur leaves the list, and the focus, alone.
  useEffect(() => {
    if (save.summary.length > 0) summaryRef.current?.focus();
  }, [save.summary]);

  if ((id !== null && isLoading) || !form.zoneKnown)
    return (
      <p role="status" className="muted">
        Loading…
      </p>
    );
  if (id !== null && (isError || !node)) {
    return (
      <section className="card narrow" role="alert">
        <h1>{kind.label} not found</h1>
        <p>
          <Link to={kind.adminPath}>Back to the {kind.title.toLowerCase()}</Link>
        </p>
      </section>
    );
  }

  const readOnly = id !== null && (lock.state === "other" || lock.state === "loading" || lock.displaced !== null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.submit(false);
  };
  const onDateBlur = (field: FieldName) => {
    const problem = dateTimeError(form.values[field], form.zone);
    save.setErrors((previous) => ({ ...previous, [field]: problem ? [problem] : undefined }));
  };
  const onPageFieldLeave = (field: PageFieldName, value: string) => {
    const messages = pageFieldErrors(field, value);
    save.setErrors((previous) => ({ ...previous, [field]: messages.length ? messages : undefined }));
  };

  return (
    <>
      <div className="page-heading node-heading">
        <div>
          <p className="breadcrumbs">
            <Link to={kind.adminPath}>{kind.title}</Link>
          </p>
          <h1>{node ? node.name : `Add ${kind.label.toLowerCase()}`}</h1>
        </div>
        {id !== null && node && (
          <div className="node-tools">
            <StatusPanel
              id={id}
              kind={kind}
              status={node.status}
              parentId={node.parent}
              disabled={readOnly}
              dirty={form.dirty}
            />
            <LockButton control={lock} />
            <HistorySwitch href={`${kind.adminPath}${id}/history/`} status={node.status} />
          </div>
        )}
      </div>
      {id !== null && <LockNotices control={lock} modelLabel={kind.label} keptEdits={keptEdits} />}
      {id !== null && lock.state === "mine" && !lock.displaced && <DraftOffer form={form} />}
      {node?.newerSave && (
        <p className="notice warn" role="status">
          {node.newerSave.by?.name ?? "Someone"} saved a newer version (version {node.newerSave.version}). Saving will
          show you the difference first.
        </p>
      )}
      {save.saved && (
        <p className="notice ok" role="status">
          {save.savedMessage}
        </p>
      )}
      {save.summary.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>{save.summaryTitle}</p>
          <ul>
            {save.summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <form
        className="card node-form"
        onSubmit={onSubmit}
        noValidate
        aria-label={node ? `Edit ${node.name}` : `Add ${kind.label.toLowerCase()}`}
      >
        <NodeFields
          form={form}
          errors={save.errors}
          readOnly={readOnly}
          nodeId={id}
          kind={kind}
          onDateBlur={onDateBlur}
          onPageFieldLeave={onPageFieldLeave}
        />
        <div className="form-actions">
          <button
            type="submit"
            className="button-primary"
            disabled={readOnly || save.busy || (id !== null && !form.dirty)}
          >
            {save.busy ? "Saving…" : "Save"}
          </button>
          {form.dirty && <span className="muted">Unsaved changes</span>}
        </div>
      </form>
      {id !== null && !readOnly && kind.pageFields && (
        <NodeRelatedSections
          nodeId={id}
          body={form.values.body}
          parentId={form.values.parent === "" ? null : Number(form.values.parent)}
        />
      )}
      {save.warnings && (
        <WarningsDialog
          warnings={save.warnings.items}
          acknowledgeOnly={save.warnings.acknowledgeOnly}
          busy={save.busy}
          onContinue={() => void save.submit(true)}
          onCancel={save.dismissWarnings}
        />
      )}
      {save.conflict && id !== null && (
        <ConflictDialog
          id={id}
          conflict={save.conflict}
          form={form}
          onClose={save.dismissConflict}
          onSaveMine={() => {
            save.dismissConflict();
            void save.submit(false);
          }}
        />
      )}
      <LeaveGuard
        dirty={form.dirty}
        shouldBlock={() => dirtyRef.current && !leaving.current}
        onLeave={() => {
          if (userId) clearDraft(userId, id ?? "new");
        }}
      />
    </>
  );
}
