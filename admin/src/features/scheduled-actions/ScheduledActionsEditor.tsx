import { useId, useState } from 'react';
import { BACK_OFFICE_MESSAGES, FORM_MESSAGES, isDateTimeString, parseActionTime } from '@shop/shared';
import { ScheduledActionRow, type RowErrors } from './ScheduledActionRow';
import {
  useCancelScheduledActionMutation,
  useNodeScheduledActionsQuery,
  useScheduleActionMutation,
  useUpdateScheduledActionMutation,
  type ScheduledActionInput,
} from './scheduledActionsApi';
import './scheduledActions.css';

const blank: ScheduledActionInput = { action_time: '', action: '', alert_user: 0 };

function validate(values: ScheduledActionInput): RowErrors {
  const errors: RowErrors = {};
  if (!values.action_time.trim()) errors.action_time = FORM_MESSAGES.required;
  else if (!isDateTimeString(values.action_time.trim()) || !parseActionTime(values.action_time)) errors.action_time = FORM_MESSAGES.invalidDateTime;
  if (!values.action) errors.action = FORM_MESSAGES.required;
  return errors;
}

const serverErrors = (error: unknown): RowErrors => {
  const lines = (error as { data?: { metadata?: { errors?: string[] } } })?.data?.metadata?.errors ?? [];
  const out: RowErrors = {};
  for (const line of lines) {
    const [field, ...rest] = line.split(': ');
    if (field === 'action_time' || field === 'action') out[field] = rest.join(': ');
  }
  return out;
};

/** A node's scheduled actions: saved ones (live from `action:changed`), edits pending update, additions pending. */
export function ScheduledActionsEditor({ nodeId }: { nodeId: number | null }) {
  const id = `sa${useId().replace(/:/g, '')}`;
  const { data: saved = [], isLoading } = useNodeScheduledActionsQuery(nodeId ?? 0, { skip: nodeId === null });
  const [schedule] = useScheduleActionMutation();
  const [update] = useUpdateScheduledActionMutation();
  const [cancel] = useCancelScheduledActionMutation();
  const [edits, setEdits] = useState<Record<number, ScheduledActionInput>>({});
  const [additions, setAdditions] = useState<Array<{ key: number; values: ScheduledActionInput }>>([]);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [status, setStatus] = useState('');

  if (nodeId === null) return <p className="muted">Save the page first, then schedule actions for it.</p>;

  const check = (key: string, values: ScheduledActionInput) => {
    const found = validate(values);
    setErrors((e) => ({ ...e, [key]: found }));
    return Object.keys(found).length === 0;
  };

  const saveAddition = async (key: number, values: ScheduledActionInput) => {
    if (!check(`new-${key}`, values)) return;
    setStatus(BACK_OFFICE_MESSAGES.defaultProgress);
    const result = await schedule({ ...values, action_time: values.action_time.trim(), object_id: nodeId });
    if ('error' in result) {
      setStatus('');
      return setErrors((e) => ({ ...e, [`new-${key}`]: serverErrors(result.error) }));
    }
    setAdditions((list) => list.filter((a) => a.key !== key));
    setStatus(BACK_OFFICE_MESSAGES.genericSuccess);
  };

  const saveEdit = async (actionId: number, values: ScheduledActionInput) => {
    if (!check(`saved-${actionId}`, values)) return;
    setStatus(BACK_OFFICE_MESSAGES.defaultProgress);
    const result = await update({ ...values, action_time: values.action_time.trim(), id: actionId, object_id: nodeId });
    if ('error' in result) {
      const status = (result.error as { status?: number }).status;
      // A conflict means someone else holds the action (or it already ran): it stays pending here.
      if (status === 409) return setStatus(BACK_OFFICE_MESSAGES.scheduledActionUnlockFailed);
      setStatus('');
      return setErrors((e) => ({ ...e, [`saved-${actionId}`]: serverErrors(result.error) }));
    }
    setEdits(({ [actionId]: _done, ...rest }) => rest);
    setStatus(BACK_OFFICE_MESSAGES.genericSuccess);
  };

  const visible = saved.filter((a) => a.status !== 'cancelled');
  return (
    <div className="scheduled-actions">
      {isLoading && <p className="muted">Loading scheduled actions…</p>}
      <ul className="sa-list" aria-label="Scheduled actions">
        {visible.map((a) => {
          const edit = edits[a.id];
          const values = edit ?? { action_time: a.action_time, action: a.action, alert_user: a.alert_user };
          return (
            <ScheduledActionRow
              key={`saved-${a.id}`}
              rowId={`${id}-saved-${a.id}`}
              values={values}
              state={edit ? 'pending update' : 'saved'}
              status={a.status}
              errors={errors[`saved-${a.id}`] ?? {}}
              editable={a.status === 'pending'}
              onEdit={(v) => setEdits((e) => ({ ...e, [a.id]: v }))}
              onSave={() => saveEdit(a.id, values)}
              onDiscard={() => setEdits(({ [a.id]: _gone, ...rest }) => rest)}
              onCancelAction={a.status === 'pending' ? () => cancel({ id: a.id, object_id: nodeId }).unwrap().catch(() => setStatus(BACK_OFFICE_MESSAGES.scheduledActionUnlockFailed)) : undefined}
            />
          );
        })}
        {additions.map(({ key, values }) => (
          <ScheduledActionRow
            key={`new-${key}`}
            rowId={`${id}-new-${key}`}
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
