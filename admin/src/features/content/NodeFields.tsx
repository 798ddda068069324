import { lazy, useRef } from "react";
import { SHORT_DESCRIPTION_LIMIT } from "@shop/shared";
import { timeZoneLabel } from "@shop/shared/domain/site-time";
import type { CodeEditorHandle } from "../code-editor/CodeEditor";
import { LazyBoundary } from "../layout/LazyBoundary";
import { RecordPicker } from "../lookups/RecordPicker";
import { Toolbox } from "../toolbox/Toolbox";
import { useNodeTypesQuery } from "./contentNodeApi";
import type { NodeKind } from "./nodeKinds";
import { Field } from "./Field";
import { FIELD_LABELS, type FieldErrors, type FieldName } from "./nodeFormValues";
import { PageFields } from "./PageFields";
import type { PageFieldName } from "./pageFieldValues";
import type { NodeFormState } from "./useNodeForm";

type Props = {
  form: NodeFormState;
  errors: FieldErrors;
  readOnly: boolean;
  nodeId: number | null;
  kind: NodeKind;
  onDateBlur: (field: FieldName) => void;
  onPageFieldLeave: (field: PageFieldName, value: string) => void;
};

// CodeMirror is the heaviest part of the back office: it loads when a form with an editable body opens.
const CodeEditor = lazy(() => import("../code-editor/CodeEditor").then((m) => ({ default: m.CodeEditor })));

/** Every field of a content node (§3), each with its errors in the paragraph after it (§5). */
export function NodeFields({ form, errors, readOnly, nodeId, kind, onDateBlur, onPageFieldLeave }: Props) {
  const { values, setField } = form;
  const { data: nodeTypes = [] } = useNodeTypesQuery();
  const editor = useRef<CodeEditorHandle>(null);
  const text = (field: FieldName) => ({
    id: `id_${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setField(field, event.target.value),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `id_${field}-errors` : undefined,
  });
  const shortLength = values.short_description.length;

  return (
    <fieldset className="node-fields" disabled={readOnly}>
      <legend className="visually-hidden">{kind.label}</legend>
      <div className="field-row">
        <Field field="name" errors={errors} required>
          <input {...text("name")} onFocus={form.onNameFocus} required autoComplete="off" />
        </Field>
        <Field field="slug" errors={errors} hint="Follows the name while it matches it.">
          <input {...text("slug")} autoComplete="off" />
        </Field>
      </div>
      <Field field="parent" errors={errors} labelFor={null}>
        <RecordPicker
          id="id_parent"
          api={kind.api}
          label={FIELD_LABELS.parent}
          searchFields={kind.pageFields ? ["name", "slug", "url"] : ["name", "slug"]}
          displayFields={["url"]}
          exclude={nodeId ? [nodeId] : []}
          // The add-another link opens the kind's add form in a popup that hands the new node back.
          addUrl={`/admin${kind.adminPath}add/`}
          value={values.parent === "" ? null : Number(values.parent)}
          savedValue={form.base.parent === "" ? null : Number(form.base.parent)}
          onChange={(id) => setField("parent", id === null ? "" : String(id))}
        />
      </Field>
      <Field
        field="short_description"
        errors={errors}
        hint={`${shortLength} of ${SHORT_DESCRIPTION_LIMIT} characters`}
        hintWarn={shortLength > SHORT_DESCRIPTION_LIMIT}
      >
        <textarea {...text("short_description")} rows={3} />
      </Field>
      <div className="field-row">
        <Field field="published" errors={errors} hint={`yyyy-mm-dd hh:mm, ${timeZoneLabel(form.zone)}`}>
          <input
            {...text("published")}
            inputMode="numeric"
            placeholder="yyyy-mm-dd hh:mm"
            onBlur={() => onDateBlur("published")}
          />
        </Field>
        <Field field="last_published" errors={errors} hint={`yyyy-mm-dd hh:mm, ${timeZoneLabel(form.zone)}`}>
          <input
            {...text("last_published")}
            inputMode="numeric"
            placeholder="yyyy-mm-dd hh:mm"
            onBlur={() => onDateBlur("last_published")}
          />
        </Field>
      </div>
      <div className="field-row">
        <Field field="url" errors={errors}>
          <input {...text("url")} autoComplete="off" />
        </Field>
        <Field field="node_type" errors={errors}>
          <select {...text("node_type")}>
            <option value="">—</option>
            {nodeTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {kind.pageFields && <PageFields form={form} errors={errors} onLeave={onPageFieldLeave} />}
      <Field field="body" errors={errors} labelFor={null}>
        {readOnly ? (
          <textarea
            id="id_body"
            aria-label={FIELD_LABELS.body}
            value={values.body}
            readOnly
            rows={12}
            className="code-readonly"
          />
        ) : (
          <>
            <Toolbox editor={editor} />
            <LazyBoundary what="the code editor">
              <CodeEditor
                id="id_body"
                label={FIELD_LABELS.body}
                value={values.body}
                onChange={(body) => setField("body", body)}
                ref={editor}
                invalid={!!errors.body}
              />
            </LazyBoundary>
          </>
        )}
      </Field>
    </fieldset>
  );
}
