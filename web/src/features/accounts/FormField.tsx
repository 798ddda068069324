import { type InputHTMLAttributes, useId } from "react";
import { FieldErrors } from "../../platform/FieldErrors";

/** A labelled input with its field errors, announced and tied to it by aria-describedby. */
export function FormField({
  label,
  errors,
  ...input
}: { label: string; errors?: string[] } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-errors`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        {...input}
      />
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}
