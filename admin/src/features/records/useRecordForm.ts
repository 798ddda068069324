import { useMemo, useRef, useState } from "react";
import {
  attachServerErrors,
  BACK_OFFICE_MESSAGES,
  changedFieldNames,
  formValuesOf,
  requestBodyOf,
  slugify,
  validateRecord,
  type AdminModel,
  type AdminFormValues,
  type RecordFieldErrors,
} from "@shop/shared";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import { useSiteTimeZone } from "../site-time/siteApi";
import { recheckField } from "./recheckField";
import { useCreateRecordMutation, useSaveRecordMutation, type LoadedRecord, type RecordError } from "./recordApi";

/** A stale save (409 with the version now stored): who saved, so the editor can reload. */
export type StaleSave = { by: string | null; version: number | null };

/**
 * A described record's form: the loaded values plus the edits on top, the slug that follows its source
 * (§4), the §5 checks, and the save (PUT with `expected_version`, or POST for a new record).
 */
export function useRecordForm(model: AdminModel, id: string | null, record: LoadedRecord | undefined) {
  const siteZone = useSiteTimeZone();
  const zone = siteZone ?? DEFAULT_SITE_TIME_ZONE;
  const base = useMemo(() => formValuesOf(model, record, zone), [model, record, zone]);
  const [edits, setEdits] = useState<AdminFormValues>({});
  const values = useMemo(() => ({ ...base, ...edits }), [base, edits]);
  const dirty = changedFieldNames(model, base, values).length > 0;
  const [errors, setErrors] = useState<RecordFieldErrors>({});
  // The list at the top is what the last save found; a check on blur changes only its field, so the
  // list (which takes the focus when it grows) does not pull the focus away from where the editor went.
  const [summary, setSummary] = useState<string[]>([]);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const [saved, setSaved] = useState(false);
  const follows = useRef<Record<string, boolean>>({});
  const [save, saving] = useSaveRecordMutation();
  const [create, creating] = useCreateRecordMutation();

  /** §5 'at blur or change': the field's format messages (a date, a date-time, a number); blank waits for the save. */
  const checkField = (name: string, value = values[name] ?? "") =>
    setErrors((shown) =>
      recheckField(shown, { model, values: { ...values, [name]: value }, zone, creating: id === null }, name),
    );
  const setField = (name: string, value: string) => {
    if (errors[name]) checkField(name, value);
    setSaved(false);
    setEdits((previous) => {
      const next = { ...previous, [name]: value };
      for (const field of model.fields)
        if (field.slugFrom === name && follows.current[field.name]) next[field.name] = slugify(value);
      return next;
    });
  };
  /** §4: a slug follows its source only while it matched the source's slug when the source got focus. */
  const onFocus = (name: string) => {
    for (const field of model.fields)
      if (field.slugFrom === name)
        follows.current[field.name] = slugify(values[name] ?? "") === (values[field.name] ?? "");
  };

  const show = (fields: RecordFieldErrors, form: string[]) => {
    setErrors(fields);
    setSummary([
      ...form,
      ...Object.entries(fields).flatMap(([name, messages]) => {
        const label = model.fields.find((f) => f.name === name)?.label ?? name;
        return messages.map((m) => `${label}: ${m}`);
      }),
    ]);
  };

  /** Saves; answers the saved record, or null when it was refused (the errors then show). */
  async function submit(): Promise<LoadedRecord | null> {
    setSaved(false);
    setStale(null);
    const creatingNow = id === null;
    const problems = validateRecord(model, values, zone, creatingNow);
    if (Object.keys(problems).length > 0) {
      show(problems, []);
      return null;
    }
    const result = creatingNow
      ? await create({ model, body: requestBodyOf(model, values, zone) })
      : await save({ model, id, body: requestBodyOf(model, values, zone, base), version: record?.version });
    if ("error" in result && result.error) {
      const error = result.error as RecordError & { data?: { version?: number; saved_by?: { name?: string } | null } };
      if (error.status === 409 && error.data?.version !== undefined) {
        setStale({ by: error.data.saved_by?.name ?? null, version: error.data.version ?? null });
        return null;
      }
      const lines = error.data?.metadata?.errors ?? [];
      if (lines.length === 0) {
        show({}, [
          error.data?.metadata?.message ??
            (typeof error.status === "number" && error.status < 500
              ? BACK_OFFICE_MESSAGES.adminApiBroken
              : BACK_OFFICE_MESSAGES.genericServerError),
        ]);
        return null;
      }
      // Each 'field: message' goes to the element it names (id_{field}, §5), the rest to the top list.
      const attached = attachServerErrors(lines, (elementId) => document.getElementById(elementId) !== null);
      const fields: RecordFieldErrors = {};
      for (const [elementId, messages] of Object.entries(attached.byElementId))
        fields[elementId.replace(/^id_/, "").replace(/(_select)?(_2)?$/, "")] = messages;
      show(fields, attached.formErrors);
      return null;
    }
    show({}, []);
    setEdits({});
    setSaved(true);
    return (result as { data: LoadedRecord }).data;
  }

  return {
    zone,
    zoneKnown: siteZone !== undefined,
    base,
    values,
    dirty,
    setField,
    onFocus,
    checkField,
    submit,
    busy: saving.isLoading || creating.isLoading,
    errors,
    summary,
    stale,
    saved,
    discard: () => setEdits({}),
  };
}

export type RecordForm = ReturnType<typeof useRecordForm>;
