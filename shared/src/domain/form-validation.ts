import { isDateTimeString, isRealCalendarDate } from "./date-time-format.ts";
import { choiceGroupOf, fieldHasValue, isEmptyOrZero, isNotNullType, type FormField } from "./form-field.ts";
import { FORM_MESSAGES } from "./messages.ts";
import { isEmailAddress } from "./text-format.ts";

/** The outcome of validating a form: messages per field id, each listed once. */
export interface FormValidationResult {
  valid: boolean;
  errors: Record<string, string[]>;
}

const CONFIRM_SUFFIX = "__confirm";

/**
 * Validates a form described as plain fields (back-office §5, storefront §5). Hidden fields are
 * skipped. A checkbox or radio group's error goes on its first visible box only, so the group shows
 * one message. A blank field gets at most the required message; format messages are for what was typed.
 */
export function validateForm(fields: readonly FormField[]): FormValidationResult {
  const visible = fields.filter((field) => field.visible !== false);
  const errors: Record<string, string[]> = {};
  const add = (id: string, message: string) => {
    errors[id] ??= [];
    if (!errors[id].includes(message)) errors[id].push(message);
  };

  const seenChoiceGroups = new Set<string>();
  for (const field of visible) {
    if (field.type === "checkbox" || field.type === "radio") {
      const group = `${field.type}:${choiceGroupOf(field)}`;
      if (seenChoiceGroups.has(group)) continue;
      seenChoiceGroups.add(group);
    }
    for (const message of messagesFor(field, visible)) add(field.id, message);
  }

  const notAllNull = visible.filter((field) => field.notAllNull);
  if (notAllNull.length > 0 && notAllNull.every((field) => isEmptyOrZero(field, visible))) {
    for (const field of notAllNull) add(field.id, FORM_MESSAGES.atLeastOne);
  }

  return { valid: Object.keys(errors).length === 0, errors };
}

function messagesFor(field: FormField, visible: readonly FormField[]): string[] {
  const hasValue = fieldHasValue(field, visible);
  if (!hasValue && isRequiredNow(field, visible)) return [FORM_MESSAGES.required];

  const messages: string[] = [];
  if (field.id.endsWith(CONFIRM_SUFFIX)) {
    const original = visible.find((other) => other.id === field.id.slice(0, -CONFIRM_SUFFIX.length));
    if (original && (original.value ?? "").trim() !== (field.value ?? "").trim())
      messages.push(FORM_MESSAGES.mustMatch);
  }
  if (!hasValue) return messages;

  const value = (field.value ?? "").trim();
  if (field.type === "email" && !isEmailAddress(value)) messages.push(FORM_MESSAGES.invalidEmail(value));
  if (field.type === "datetime" && !isValidDateTime(value)) messages.push(FORM_MESSAGES.invalidDateTime);
  return messages;
}

function isRequiredNow(field: FormField, visible: readonly FormField[]): boolean {
  if (!field.required && !isNotNullType(field.type)) return false;
  if (field.optionalGroup === undefined) return true;
  return visible.some((other) => other.optionalGroup === field.optionalGroup && fieldHasValue(other, visible));
}

// A date-time field goes to the API, so its date must also exist on the calendar.
function isValidDateTime(value: string): boolean {
  return isDateTimeString(value) && isRealCalendarDate(value.slice(0, value.indexOf(" ")));
}
