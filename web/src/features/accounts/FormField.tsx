import { type InputHTMLAttributes, useId, useState } from "react";
import { fieldProblems } from "../../platform/fieldChecks";

/** A labelled input with its field errors, announced and tied to it by aria-describedby. */
export function FormField({
  label,
  errors,
  ...input
}: { label: string; errors?: string[] } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-errors`;
  // Checked on leaving the box, and again on each change once it showed a problem (spec 6).
  const [own, setOwn] = useState<string[]>([]);
  const rule = { required: input.required, email: input.type === "email" };
  const shown = [...own, ...(errors ?? []).filter((m) => !own.includes(m))];
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={shown.length ? true : undefined}
        aria-describedby={shown.length ? errorId : undefined}
        {...input}
        onBlur={(e) => {
          setOwn(fieldProblems(e.target.value, rule));
          input.onBlur?.(e);
        }}
        onChange={(e) => {
          if (own.length) setOwn(fieldProblems(e.target.value, rule));
          input.onChange?.(e);
        }}
      />
      {shown.length ? (
        <p id={errorId} className="field-error">
          {shown.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
