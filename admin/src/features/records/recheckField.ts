import {
  FORM_MESSAGES,
  validateRecord,
  type AdminFormValues,
  type AdminModel,
  type RecordFieldErrors,
} from "@shop/shared";

/**
 * §5 'at blur or change': one field's format messages (a date, a date-time, a number, a choice)
 * replace what it showed. A blank field shows nothing until the save, so tabbing through a record
 * does not fill it with 'This field is required.'.
 */
export function recheckField(
  errors: RecordFieldErrors,
  check: { model: AdminModel; values: AdminFormValues; zone: string; creating: boolean },
  name: string,
): RecordFieldErrors {
  const found = validateRecord(check.model, check.values, check.zone, check.creating)[name] ?? [];
  const messages = found.filter((m) => m !== FORM_MESSAGES.required);
  const { [name]: _shown, ...others } = errors;
  return messages.length > 0 ? { ...others, [name]: messages } : others;
}
