import { useId, useState } from "react";
import {
  attachServerErrors,
  BACK_OFFICE_MESSAGES,
  errorAnswerOf,
  FORM_MESSAGES,
  parseActionTime,
  type ScheduledActionItem,
} from "@shop/shared";
import { formatSiteTimeInput, siteTimeProblemMessage, siteTimeToUtc } from "@shop/shared/domain/site-time";
import { useSiteTimeZone } from "../site-time/siteApi";
import { ScheduledActionRow, type RowErrors } from "./ScheduledActionRow";
import { scheduledActionRefusal } from "./scheduledActionRefusal";
import {
  useCancelScheduledActionMutation,
  useNodeScheduledActionsQuery,
  useScheduleActionMutation,
  useUpdateScheduledActionMutation,
  type ScheduledActionInput,
} from "./scheduledActionsApi";
import "./scheduledActions.css";

const blank: ScheduledActionInput = { action_time: "", action: "", alert_user: 0 };

/** Staff type the time in the site's zone; the server is sent the UTC instant (ISO). */
function toRequest(values: ScheduledActionInput, zone: string): { errors: RowErrors; body?: ScheduledActionInput } {
  const errors: RowErrors = {};
  const time = siteTimeToUtc(values.action_time, zone);
  if (!values.action_time.trim()) errors.action_time = FORM_MESSAGES.required;
  else if (!time.ok) errors.action_time = siteTimeProblemMessage(time.problem, FORM_MESSAGES.invalidDateTime);
  if (!values.action) errors.action = FORM_MESSAGES.required;
  return time.ok && !errors.action ? { errors, body: { ...values, action_time: time.iso } } : { errors };
}

/** A saved action's time as its input shows it: in the site's zone. */
function typedTime(action: ScheduledActionItem, zone: string): string {
  const instant = action.action_time_iso || parseActionTime(action.action_time)?.toISOString();
  return instant ? formatSiteTimeInput(instant, zone) : action.action_time;
}

// A row is a small form with the controls id_action_time and id_action (§5: errors attach by id_ prefix).
const ROW_CONTROLS = ["id_action_time", "id_action"];
const serverErrors = (error: unknown): RowErrors => {
  const lines = errorAnswerOf(error)?.metadata.errors ?? [];
  const attached = attachServerErrors(lines, (id) => ROW_CONTROLS.includes(id));
  const out: RowErrors = {};
  if (attached.byElementId.id_action_time) out.action_time = attached.byElementId.id_action_time.join(" ");
  if (attached.byElementId.id_action) out.action = attached.byElementId.id_action.join(" ");
  if (attached.formErrors.length) out.form = attached.formErrors.join(" ");
  return out;
};

/** A node's scheduled actions: saved ones (live from `action:changed`), edits pending update, additions pending. */
export function ScheduledActionsEditor({ nodeId }: { nodeId: number | null }) {
  const id = `sa${useId().replace(/:/g, "")}`;
  const { data: saved = [], isLoading } = useNodeScheduledActionsQuery(nodeId ?? 0, { skip: nodeId === null });
  const [schedule] = useScheduleActionMutation();
  const [update] = useUpdateScheduledActionMutation();
  const [cancel] = useCancelScheduledActionMutation();
  const [edits, setEdits] = useState<Record<number, ScheduledActionInput>>({});
  const [additions, setAdditions] = useState<Array<{ key: number; values: ScheduledActionInput }>>([]);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [status, setStatus] = useState("");
  const zone = useSiteTimeZone();

  if (nodeId === null) return <p className="muted">Save the page first, then schedule actions for it.</p>;
  if (!zone) return <p className="muted">Loading scheduled actions…</p>;

  const check = (key: string, values: ScheduledActionInput) => {
    const { errors: found, body } = toRequest(values, zone);
    setErrors((e) => ({ ...e, [key]: found }));
    return body;
  };

  const saveAddition = async (key: number, values: ScheduledActionInput) => {
    const body = check(`new-${key}`, values);
    if (!body) return;
    setStatus(BACK_OFFICE_MESSAGES.defaultProgress);
    const result = await schedule({ ...body, object_id: nodeId });
    if ("error" in result) {
      setStatus("");
      return setErrors((e) => ({ ...e, [`new-${key}`]: serverErrors(result.error) }));
    }
    setAdditions((list) => list.filter((a) => a.key !== key));
    setStatus(BACK_OFFICE_MESSAGES.genericSuccess);
  };

  const saveEdit = async (actionId: number, values: ScheduledActionInput) => {
    const body = check(`saved-${actionId}`, values);
    if (!body) return;
    setStatus(BACK_OFFICE_MESSAGES.defaultProgress);
    const result = await update({ ...body, id: actionId, object_id: nodeId });
    if ("error" in result) {
      // Say what happened (it already ran, was cancelled meanwhile...); field errors go on the row.
      const refusal = scheduledActionRefusal(result.error);
      if (refusal) return setStatus(refusal);
      setStatus("");
      return setErrors((e) => ({ ...e, [`saved-${actionId}`]: serverErrors(result.error) }));
    }
    setEdits(({ [actionId]: _done, ...rest }) => rest);
    setStatus(BACK_OFFICE_MESSAGES.genericSuccess);
  };

  const visible = saved.filter((a) => a.status !== "cancelled");
  return (
    <div className="scheduled-actions">
      {isLoading && <p className="muted">Loading scheduled actions…</p>}
      <ul className="sa-list" aria-label="Scheduled actions">
        {visible.map((a) => {
          const edit = edits[a.id];
          const values = edit ?? { action_time: typedTime(a, zone), action: a.action, alert_user: a.alert_user };
          return (
            <ScheduledActionRow
              key={`saved-${a.id}`}
              rowId={`${id}-saved-${a.id}`}
              zone={zone}
              values={values}
              state={edit ? "pending update" : "saved"}
              status={a.status}
              errors={errors[`saved-${a.id}`] ?? {}}
              editable={a.status === "pending"}
              onEdit={(v) => setEdits((e) => ({ ...e, [a.id]: v }))}
              onSave={() => saveEdit(a.id, values)}
              onDiscard={() => setEdits(({ [a.id]: _gone, ...rest }) => rest)}
              onCancelAction={
                a.status === "pending"
                  ? () =>
                      cancel({ id: a.id, object_id: nodeId })
                        .unwrap()
                        .catch((error: unknown) => setStatus(scheduledActionRefusal(error) ?? ""))
                  : undefined
              }
            />
          );
        })}
        {additions.map(({ key, values }) => (
          <ScheduledActionRow
            key={`new-${key}`}
            rowId={`${id}-new-${key}`}
            zone={zone}
            values={values}
            state="pending addition"
            errors={errors[`new-${key}`] ?? {}}
            editable
            onEdit={(v) => setAdditions((list) => list.map((a) => (a.key === key ? { key, values: v } : a)))}
            onSave={() => saveAddition(key, values)}
            onDiscard={() => setAdditions((list) => list.filter((a) => a.key !== key))}
          />
        ))}
      </ul>
      {!isLoading && visible.length === 0 && additions.length === 0 && <p className="muted">No scheduled actions.</p>}
      <button type="button" onClick={() => setAdditions((list) => [...list, { key: Date.now(), values: blank }])}>
        Schedule an action
      </button>
      <p role="status" className="muted">
        {status}
      </p>
    </div>
  );
}
