import type { NumberFieldOptions } from "./number-field.ts";

/** The kinds of input the generic form validation knows. */
export type FormFieldType =
  | "text"
  | "email"
  | "datetime"
  | "currency"
  | "quantity"
  | "card-number"
  | "checkbox"
  | "radio";

/** A plain description of one form input, as the page or a test sees it. */
export interface FormField {
  /** The input's id; an id ending "__confirm" must match the field with the id before the suffix. */
  id: string;
  type: FormFieldType;
  /** Checkboxes and radios sharing a name form one choice group; defaults to the id. */
  name?: string;
  required?: boolean;
  /** Hidden fields are not validated at all. Visible unless false. */
  visible?: boolean;
  value?: string;
  checked?: boolean;
  /** Required fields in an optional group are required only once some field in the group has a value. */
  optionalGroup?: string;
  /** At least one of the fields marked notAllNull must be non-empty and non-zero. */
  notAllNull?: boolean;
}

/** The number-field behaviour of numeric field types; null for the others. */
export function numberFieldFor(type: FormFieldType): NumberFieldOptions | null {
  switch (type) {
    case "currency":
      return { format: "currency", notNull: true };
    case "quantity":
      return { format: "digits", notNull: true };
    case "card-number":
      return { format: "digits" };
    case "text":
    case "email":
    case "datetime":
    case "checkbox":
    case "radio":
      return null;
    default: {
      const unknown: never = type;
      throw new Error(`Unknown field type ${String(unknown)}`);
    }
  }
}

/** Whether a field of this type can never be left empty (currency and quantity). */
export function isNotNullType(type: FormFieldType): boolean {
  return numberFieldFor(type)?.notNull === true;
}

function isChoice(field: FormField): boolean {
  return field.type === "checkbox" || field.type === "radio";
}

/** The name of the choice group a checkbox or radio belongs to. */
export function choiceGroupOf(field: FormField): string {
  return field.name ?? field.id;
}

/**
 * A field has a value when its text is not blank, or, for checkboxes and radios, when a box in
 * its choice group is checked (a chosen radio, a checked checkbox).
 */
export function fieldHasValue(field: FormField, fields: readonly FormField[] = [field]): boolean {
  if (!isChoice(field)) return (field.value ?? "").trim() !== "";
  const group = choiceGroupOf(field);
  return fields.some((other) => other.type === field.type && choiceGroupOf(other) === group && other.checked === true);
}

/** Empty or zero, as the "at least one field" rule counts it. */
export function isEmptyOrZero(field: FormField, fields: readonly FormField[]): boolean {
  if (!fieldHasValue(field, fields)) return true;
  if (isChoice(field)) return false;
  const number = Number((field.value ?? "").replace(/[$,\s]/g, ""));
  return number === 0;
}
