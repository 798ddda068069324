import { scrollToElement } from "../../platform/fieldChecks";
import type { FormField } from "@shop/shared/domain/form-field";
import { validateForm } from "@shop/shared/domain/form-validation";

/** §5 generic forms: the errors by field, and each message once for the list at the top of the form. */
export function checkForm(fields: readonly FormField[]) {
  const { valid, errors } = validateForm(fields);
  const summary = [...new Set(Object.values(errors).flat())];
  return { valid, errors, summary };
}

/** §5: failure blocks submit and scrolls to the errors (at once when the visitor asks for less motion). */
export const scrollToErrors = scrollToElement;
