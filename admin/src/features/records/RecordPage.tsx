import { Suspense, useEffect, useMemo, useRef, type ComponentType, type FormEvent } from "react";
import { skipToken } from "@reduxjs/toolkit/query";
import { Link, useNavigate, useParams } from "react-router";
import { FORM_MESSAGES, listPath, recordIdOf, recordPath, type AdminModel } from "@shop/shared";
import { LeaveGuard } from "../content/LeaveGuard";
import { LockButton, LockNotices } from "../locks/LockPanel";
import { useRecordLock } from "../locks/useRecordLock";
import { handBackToOpener, isAddPopup } from "../lookups/RecordPicker";
import { RecordField } from "./RecordField";
import { RecordHistory } from "./RecordHistory";
import type { RecordExtraProps } from "./recordExtras";
import { useGetRecordQuery } from "./recordApi";
import { useRecordForm } from "./useRecordForm";
import "../content/form.css";
import "./records.css";

/** /admin/{app}/{model}/{id}/ and .../add/ of a described model; a new id starts a fresh form. */
type Extra = ComponentType<RecordExtraProps> | undefined;

/** A record's page; `Extra` is the panel its feature shows below the form (the app's RECORD_EXTRAS). */
export function RecordPage({ model, Extra }: { model: AdminModel; Extra?: Extra }) {
  const params = useParams();
  return <RecordForm key={params.id ?? "add"} model={model} id={params.id ?? null} Extra={Extra} />;
}

function RecordForm({ model, id, Extra }: { model: AdminModel; id: string | null; Extra: Extra }) {
  const navigate = useNavigate();
  const { data: record, isLoading, isError } = useGetRecordQuery(id === null ? skipToken : { model, id });
  const numericId = id !== null && /^\d+$/.test(id) ? Number(id) : null;
  const lockRef = useMemo(
    () =>
      model.lockable && model.editable && numericId !== null
        ? { app: model.app, model: model.model, id: numericId }
        : null,
    [model, numericId],
  );
  const lock = useRecordLock(lockRef);
  const form = useRecordForm(model, id, record);
  const leaving = useRef(false);
  const dirtyRef = useRef(false);
  dirtyRef.current = form.dirty;
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (form.summary.length > 0) summaryRef.current?.focus();
  }, [form.summary.length]);

  if ((id !== null && isLoading) || !form.zoneKnown)
    return (
      <p role="status" className="muted">
        Loading…
      </p>
    );
  if (id !== null && (isError || !record))
    return (
      <section className="card narrow" role="alert">
        <h1>{model.singular} not found</h1>
        <p>
          <Link to={listPath(model)}>Back to the {model.title.toLowerCase()}</Link>
        </p>
      </section>
    );

  const editable = id === null ? model.creatable : model.editable;
  const readOnly =
    !editable || (lockRef !== null && (lock.state === "other" || lock.state === "loading" || lock.displaced !== null));
  const name = record ? String(record[model.strField] ?? `#${id}`) : `Add ${model.singular.toLowerCase()}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.submit();
    if (!saved || id !== null) return;
    leaving.current = true;
    const newId = recordIdOf(model, saved);
    // Opened by a picker's add-another link: the new record goes back to that picker and the popup closes.
    if (isAddPopup() && handBackToOpener(Number(newId))) return;
    navigate(recordPath(model, newId), { replace: true });
  };

  return (
    <>
      <div className="page-heading node-heading">
        <div>
          <p className="breadcrumbs">
            <Link to={listPath(model)}>{model.title}</Link>
          </p>
          <h1>{name}</h1>
        </div>
        {id !== null && (
          <div className="node-tools">
            {typeof record?.status === "string" && (
              <span className={`status-chip status-${record.status.toLowerCase().replace(/\s+/g, "-")}`}>
                {record.status}
              </span>
            )}
            {lockRef && <LockButton control={lock} reasons={model.lockReasons} />}
          </div>
        )}
      </div>
      {lockRef && (
        <LockNotices control={lock} modelLabel={model.singular} keptEdits={false} reasons={model.lockReasons} />
      )}
      {form.saved && (
        <p className="notice ok" role="status">
          Your changes have been saved.
        </p>
      )}
      {form.stale && (
        <div className="notice warn" role="alert">
          <p>
            {form.stale.by ?? "Someone"} saved a newer version
            {form.stale.version !== null ? ` (version ${form.stale.version})` : ""} while you were editing. Reload to
            see it; your edits here are not saved.
          </p>
        </div>
      )}
      {form.summary.length > 0 && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <p>{FORM_MESSAGES.correctTheFollowing}</p>
          <ul>
            {form.summary.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <form
        className="card node-form record-form"
        onSubmit={onSubmit}
        noValidate
        aria-label={id ? `Edit ${name}` : name}
      >
        <fieldset className="record-fields">
          <legend className="visually-hidden">{model.singular}</legend>
          {model.fields
            .filter((field) => id !== null || !field.readOnly)
            .map((field) => (
              <RecordField
                key={field.name}
                field={field}
                values={form.values}
                saved={form.base}
                errors={form.errors[field.name]}
                zone={form.zone}
                readOnly={readOnly || (id !== null && field.createOnly === true)}
                asText={!editable}
                onChange={(value) => form.setField(field.name, value)}
                onFocus={() => form.onFocus(field.name)}
                onBlur={() => form.checkField(field.name)}
              />
            ))}
        </fieldset>
        {editable && (
          <div className="form-actions">
            <button
              type="submit"
              className="button-primary"
              disabled={readOnly || form.busy || (id !== null && !form.dirty)}
            >
              {form.busy ? "Saving…" : "Save"}
            </button>
            {form.dirty && <span className="muted">Unsaved changes</span>}
          </div>
        )}
      </form>
      {Extra && record && id !== null && (
        <Suspense fallback={null}>
          <Extra model={model} record={record} readOnly={readOnly} />
        </Suspense>
      )}
      {model.history && id !== null && <RecordHistory model={model} id={id} />}
      <LeaveGuard dirty={form.dirty} shouldBlock={() => dirtyRef.current && !leaving.current} onLeave={() => {}} />
    </>
  );
}
