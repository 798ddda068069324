import type { ReactNode } from "react";
import { FIELD_LABELS, type FieldErrors, type FieldName } from "./nodeFormValues";

type FieldProps = {
  field: FieldName;
  errors: FieldErrors;
  children: ReactNode;
  required?: boolean;
  hint?: string;
  hintWarn?: boolean;
  /** null when the control brings its own label (picker, code editor). */
  labelFor?: string | null;
};

/** One field of the node form: its label, its errors as a list above it (§5), the control, a hint. */
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
      {messages && (
        <ul className="errorlist" id={`id_${field}-errors`}>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {children}
      {hint && (
        <p className={hintWarn ? "field-hint warn" : "field-hint muted"} id={`id_${field}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
