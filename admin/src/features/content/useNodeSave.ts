import { useState } from "react";
import { attachServerErrors, BACK_OFFICE_MESSAGES, errorAnswerOf, errorCodeOf, FORM_MESSAGES } from "@shop/shared";
import { useCreateNodeMutation, useSaveNodeMutation, type ContentNode, type UserRef } from "./contentNodeApi";
import {
  changedFields,
  EMPTY_VALUES,
  FIELD_LABELS,
  validateNode,
  type FieldErrors,
  type FieldName,
} from "./nodeFormValues";
import type { NodeModel } from "./nodeKinds";
import type { NodeFormState } from "./useNodeForm";

export type Conflict = { by: UserRef | null; at: string; version: number };

/** Each field's control has the id `id_{field}` (Field.tsx, NodeFields.tsx, PageFields.tsx). */
const FIELD_BY_ELEMENT_ID = new Map((Object.keys(FIELD_LABELS) as FieldName[]).map((field) => [`id_${field}`, field]));

/** Saving a node: §5 checks first, then the server's warnings (dialog), stale versions (409) and field errors. */
export function useNodeSave(
  id: number | null,
  node: ContentNode | undefined,
  form: NodeFormState,
  onCreated: (id: number) => void,
  model: NodeModel = "contentnode",
) {
  const [save, { isLoading: saving }] = useSaveNodeMutation();
  const [create, { isLoading: creating }] = useCreateNodeMutation();
  const [errors, setErrors] = useState<FieldErrors>({});
  // What the last save found: a check on blur (setErrors) changes only its field, not this list, which
  // takes the focus when a save fails.
  const [summary, setSummary] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<{ items: string[]; acknowledgeOnly: boolean } | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saved, setSaved] = useState(false);

  const showErrors = (fields: FieldErrors, general: string[]) => {
    setErrors(fields);
    // 'Please correct the following errors:' lists every message, field ones named by their label.
    setSummary([
      ...general,
      ...Object.entries(fields).flatMap(([field, messages]) =>
        (messages ?? []).map((m) => `${FIELD_LABELS[field as FieldName]}: ${m}`),
      ),
    ]);
    setSaved(false);
  };

  async function submit(ignoreWarnings = false) {
    setWarnings(null);
    setSaved(false);
    const clientErrors = validateNode(form.values, form.zone);
    if (Object.keys(clientErrors).length > 0) return showErrors(clientErrors, []);
    const result = id
      ? await save({
          id,
          model,
          changes: form.changes,
          expected_version: node?.version ?? 0,
          ignore_warnings: ignoreWarnings,
        })
      : await create({
          model,
          changes: changedFields(EMPTY_VALUES, form.values, form.zone),
          ignore_warnings: ignoreWarnings,
        });
    if ("error" in result && result.error) {
      const error = result.error as { status?: number | string };
      const body = errorAnswerOf(result.error);
      const code = errorCodeOf(result.error);
      if (code === "NODE_HAS_WARNINGS" && body?.metadata.warnings?.length)
        return setWarnings({ items: body.metadata.warnings, acknowledgeOnly: false });
      if (code === "STALE_VERSION" && body?.version !== undefined) {
        setConflict({ by: body.saved_by ?? null, at: body.saved_at ?? "", version: body.version });
        return;
      }
      const lines = body?.metadata.errors ?? [];
      if (lines.length === 0)
        return showErrors({}, [
          typeof error.status === "number" && error.status < 500
            ? BACK_OFFICE_MESSAGES.adminApiBroken
            : BACK_OFFICE_MESSAGES.genericServerError,
        ]);
      // Each error goes to the element it names (id_{field}, §5) if the form shows one, else to the top list.
      const attached = attachServerErrors(
        lines,
        (elementId) => FIELD_BY_ELEMENT_ID.has(elementId) && document.getElementById(elementId) !== null,
      );
      const fields: FieldErrors = {};
      for (const [elementId, messages] of Object.entries(attached.byElementId))
        fields[FIELD_BY_ELEMENT_ID.get(elementId)!] = messages;
      return showErrors(fields, attached.formErrors);
    }
    const savedNode = (result as { data: ContentNode & { metadata?: { warnings?: string[] } } }).data;
    showErrors({}, []);
    form.reset({});
    setConflict(null);
    setSaved(true);
    if (savedNode.metadata?.warnings?.length)
      setWarnings({ items: savedNode.metadata.warnings, acknowledgeOnly: true });
    if (!id) onCreated(savedNode.id);
  }

  return {
    submit,
    busy: saving || creating,
    errors,
    summary,
    summaryTitle: FORM_MESSAGES.correctTheFollowing,
    warnings,
    dismissWarnings: () => setWarnings(null),
    conflict,
    dismissConflict: () => setConflict(null),
    saved,
    savedMessage: BACK_OFFICE_MESSAGES.genericSuccess,
    setErrors,
  };
}

export type NodeSave = ReturnType<typeof useNodeSave>;
