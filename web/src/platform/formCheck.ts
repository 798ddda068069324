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
    const target = element.querySelector<HTMLElement>('[aria-invalid="true"]') ?? element;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ block: target === element ? "start" : "center", behavior: reduced ? "auto" : "smooth" });
    target.focus({ preventScroll: true });
  });
}
