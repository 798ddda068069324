import type { ReactNode } from "react";
import { FORM_MESSAGES, SCHEDULED_ACTIONS } from "@shop/shared";
import { TimeZoneNote } from "../site-time/SiteTime";
import type { ScheduledActionInput } from "./scheduledActionsApi";

/** Pending addition (not yet sent), pending update (a saved action edited here), or saved. */
export type RowState = "pending addition" | "pending update" | "saved";
/** `form`: server errors about no field of the row (they were dropped before). */
export type RowErrors = { action_time?: string; action?: string; form?: string };

type Props = {
  rowId: string;
  /** The site's zone, in which the time is typed and shown. */
  zone: string;
  values: ScheduledActionInput;
  state: RowState;
  /** The server's status of a saved action (pending, done, failed, cancelled). */
  status?: string;
  errors: RowErrors;
  editable: boolean;
  onEdit(values: ScheduledActionInput): void;
  onSave(): void;
  onDiscard(): void;
  onCancelAction?: () => void;
};

/** One scheduled action; a missing time or action flags its label (back-office §5 "Scheduled action"). */
export function ScheduledActionRow({
  rowId,
  zone,
  values,
  state,
  status,
  errors,
  editable,
  onEdit,
  onSave,
  onDiscard,
  onCancelAction,
}: Props) {
  const field = (key: keyof RowErrors, label: string, input: ReactNode) => (
    <div className={errors[key] ? "sa-field has-error" : "sa-field"}>
      <label htmlFor={`${rowId}-${key}`}>{label}</label>
      {input}
      {errors[key] && (
        <p id={`${rowId}-${key}-error`} className="field-error">
          {errors[key]}
        </p>
      )}
    </div>
  );
  const described = (key: keyof RowErrors) =>
    `${errors[key] ? `${rowId}-${key}-error` : `${rowId}-hint`} ${rowId}-zone`;
  return (
    <li className={`sa-row sa-${state.replace(" ", "-")}`} data-state={state}>
      {field(
        "action_time",
        "Time",
        <>
          <input
            id={`${rowId}-action_time`}
            placeholder="yyyy-mm-dd hh:mm"
            value={values.action_time}
            disabled={!editable}
            aria-invalid={!!errors.action_time || undefined}
            aria-describedby={described("action_time")}
            onChange={(e) => onEdit({ ...values, action_time: e.target.value })}
          />
          <TimeZoneNote id={`${rowId}-zone`} zone={zone} />
        </>,
      )}
      {field(
        "action",
        "Action",
        <select
          id={`${rowId}-action`}
          value={values.action}
          disabled={!editable}
          aria-invalid={!!errors.action || undefined}
          aria-describedby={errors.action ? `${rowId}-action-error` : undefined}
          onChange={(e) => onEdit({ ...values, action: e.target.value })}
        >
          <option value="">Choose…</option>
          {SCHEDULED_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>,
      )}
      <label className="sa-alert">
        <input
          type="checkbox"
          checked={values.alert_user === 1}
          disabled={!editable}
          onChange={(e) => onEdit({ ...values, alert_user: e.target.checked ? 1 : 0 })}
        />{" "}
        Alert me
      </label>
      <span className="sa-state">
        <span className="badge">{state}</span>
        {status && status !== "pending" && <span className={`badge sa-status-${status}`}>{status}</span>}
      </span>
      <span className="sa-actions">
        {state !== "saved" && (
          <>
            <button type="button" onClick={onSave}>
              Save
            </button>
            <button type="button" onClick={onDiscard}>
              {state === "pending addition" ? "Remove" : "Undo"}
            </button>
          </>
        )}
        {state === "saved" && onCancelAction && (
          <button type="button" onClick={onCancelAction}>
            Cancel action
          </button>
        )}
      </span>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <span id={`${rowId}-hint`} hidden>
        {FORM_MESSAGES.invalidDateTime}
      </span>
    </li>
  );
}
