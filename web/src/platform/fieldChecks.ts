import { isUnitedStates, usStateMessage } from "@shop/shared/addresses/us-states";
import { isEmailAddress } from "@shop/shared/domain/text-format";
import { FORM_MESSAGES } from "@shop/shared/domain/messages";

/** The client checks of one field (spec 6): the server runs the same rules and has the last word. */
export type FieldRule = { required?: boolean; email?: boolean };

/** Messages for one value: 'This field is required.', or the spec's invalid-email message. */
export function fieldProblems(value: string, rule: FieldRule): string[] {
  const text = value.trim();
  if (!text) return rule.required ? [FORM_MESSAGES.required] : [];
  if (rule.email && !isEmailAddress(text)) return [FORM_MESSAGES.invalidEmail(text)];
  return [];
}

/**
 * The address fields' checks as the server runs them (shared/src/addresses/api.ts): names, street,
 * city and postal code required, and a state code in the US. `prefix` is '' or 'ship_'.
 */
export function addressProblems(values: Record<string, string | undefined>, prefix = ""): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const name of ["first_name", "last_name", "street1", "city", "postal_code"]) {
    const found = fieldProblems(values[prefix + name] ?? "", { required: true });
    if (found.length) problems[prefix + name] = found;
  }
  const state = isUnitedStates(values[`${prefix}country`] ?? "")
    ? usStateMessage(values[`${prefix}state`] ?? "")
    : null;
  if (state) problems[`${prefix}state`] = [state];
  return problems;
}

/**
 * Before a form is sent (spec 6): brings the first field with a problem into view and focuses it, at
 * once when the visitor asks for less motion. `names` in the form's order; ids are `id_{name}`.
 */
export function scrollToFirstProblem(problems: Record<string, string[]>, names: readonly string[]) {
  const first = names.find((name) => problems[name]?.length);
  scrollToElement(first ? document.getElementById(`id_${first}`) : null);
}

/** Scrolls an element into view and focuses it (the generic forms' error list, a field). */
export function scrollToElement(element: HTMLElement | null) {
  if (!element) return;
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  element.focus({ preventScroll: true });
}
