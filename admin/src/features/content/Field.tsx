import type { ReactNode } from "react";
import { FieldErrors } from "../../platform/FieldErrors";
import { FIELD_LABELS, type FieldErrors as NodeFieldErrors, type FieldName } from "./nodeFormValues";

type FieldProps = {
  field: FieldName;
  errors: NodeFieldErrors;
  children: ReactNode;
  required?: boolean;
  hint?: string;
  hintWarn?: boolean;
  /** null when the control brings its own label (picker, code editor). */
  labelFor?: string | null;
};

/** One field of the node form: its label, the control, its errors in the paragraph after it, a hint. */
export function Field({ field, errors, children, required, hint, hintWarn, labelFor }: FieldProps) {
  const messages = errors[field];
  return (
    <div className={`field field-${field}`}>
      {labelFor !== null && (
        <label htmlFor={labelFor ?? `id_${field}`}>
          {FIELD_LABELS[field]}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {children}
      <FieldErrors id={`id_${field}-errors`} messages={messages} />
      {hint && (
        <p className={hintWarn ? "field-hint warn" : "field-hint muted"} id={`id_${field}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
