import type { RefObject } from "react";
import type { FormField } from "@shop/shared/domain/form-field";
import { validateForm } from "@shop/shared/domain/form-validation";
import { FORM_MESSAGES } from "@shop/shared/domain/messages";

/** A form's messages by field id (or by the name the server uses for the field). */
export type ErrorsByField = Record<string, string[]>;

/** §5 generic forms: the errors by field, and each message once for the list at the top of the form. */
export function checkForm(fields: readonly FormField[]) {
  const { valid, errors } = validateForm(fields);
  const summary = [...new Set(Object.values(errors).flat())];
  return { valid, errors, summary };
}

/** An email box as §5's generic checks see it (its id, or the name the server gives the field). */
export const emailField = (value: string, id = "email"): FormField => ({ id, type: "email", value });

/**
 * §5 'on blur or change': the field's own messages replace what it showed. A blank field shows
 * nothing here: 'This field is required.' waits for the submit, so tabbing through a form does not
 * fill it with errors.
 */
export function recheckField(errors: ErrorsByField, field: FormField): ErrorsByField {
  const messages = (validateForm([field]).errors[field.id] ?? []).filter((m) => m !== FORM_MESSAGES.required);
  const { [field.id]: _shown, ...others } = errors;
  return messages.length > 0 ? { ...others, [field.id]: messages } : others;
}

const CONTROLS = "input:not([type=hidden]), select, textarea";

/**
 * §5: failure blocks submit and scrolls to the errors. Once the errors are drawn (next frame), the
 * first field marked invalid inside `container` is scrolled to and focused, so a screen reader reads
 * it with its message; with none (a form whose errors are one list), the container itself. At once
 * when the visitor asks for less motion.
 */
export function scrollToFirstError(container: RefObject<HTMLElement | null>) {
  requestAnimationFrame(() => {
    const element = container.current;
    if (!element) return;
    const invalid = element.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group (a fieldset of boxes) marked invalid hands the focus to its first box.
    const target = (invalid?.matches("fieldset") ? invalid.querySelector<HTMLElement>(CONTROLS) : invalid) ?? element;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: target === element ? "start" : "center", behavior: reduced ? "auto" : "smooth" });
    target.focus({ preventScroll: true });
  });
}

type Schema = {
  safeParse(values: unknown): {
    success: boolean;
    error?: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> };
  };
};

/**
 * The messages a shared request schema finds in a form's values, by field (each once): the check
 * before sending runs the server's own rules, so the two cannot drift apart.
 */
export function schemaErrors(schema: Schema, values: unknown): ErrorsByField {
  const errors: ErrorsByField = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const field = String(issue.path[0] ?? "__all__");
    errors[field] ??= [];
    if (!errors[field].includes(issue.message)) errors[field].push(issue.message);
  }
  return errors;
}
