/** Server errors split into those that belong to a field and those for the whole form. */
export interface ServerErrors {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

/** The field name the server uses for errors about the whole form. */
export const FORM_WIDE_ERROR_FIELD = "__all__";
const SEPARATOR = ": ";

/**
 * Splits the server's 'field: message' lines (metadata.errors). '__all__' lines, and lines with no
 * field before the separator, are form-wide errors. Messages are kept once each, in order.
 */
export function parseServerErrors(lines: readonly string[]): ServerErrors {
  const result: ServerErrors = { fieldErrors: {}, formErrors: [] };
  for (const line of lines) {
    const at = line.indexOf(SEPARATOR);
    const field = at > 0 ? line.slice(0, at).trim() : "";
    const message = at > 0 ? line.slice(at + SEPARATOR.length).trim() : line.trim();
    if (message === "") continue;
    const formWide = field === "" || field === FORM_WIDE_ERROR_FIELD;
    if (!formWide) result.fieldErrors[field] ??= [];
    const list = formWide ? result.formErrors : result.fieldErrors[field];
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

/**
 * Writes errors as the 'field: message' lines the server puts in metadata.errors; the reverse of
 * parseServerErrors. Form-wide errors go under '__all__'.
 */
export function formatFieldErrors(errors: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => `${field}${SEPARATOR}${message}`),
  );
}

/**
 * The element ids a server field error may attach to, tried in order: the input itself
 * (`id_{field}`), the state dropdown that replaces a state text box for US addresses
 * (`id_{field}_select`: the dropdown is a second element shown in the text box's place, so it
 * needs an id of its own, and naming it after the field keeps the lookup mechanical), then the
 * '_2' clones of both that a second copy of the form (such as the shipping address) carries.
 */
export function candidateFieldIds(field: string): string[] {
  const input = `id_${field}`;
  const dropdown = `${input}_select`;
  return [input, dropdown, `${input}_2`, `${dropdown}_2`];
}

/** Server errors placed on a form: by the id of the element each attaches to, and the form-wide rest. */
export interface AttachedServerErrors {
  byElementId: Record<string, string[]>;
  formErrors: string[];
}

/**
 * Attaches the server's 'field: message' lines to a form's elements (back-office §5): each field
 * error goes to the first of `candidateFieldIds(field)` the form has (`hasElement`), so the same
 * lines fit a form with a state dropdown or a '_2' clone. A field error no element carries stays
 * visible as a form-wide 'field: message' line; '__all__' lines are form-wide.
 */
export function attachServerErrors(
  lines: readonly string[],
  hasElement: (id: string) => boolean,
): AttachedServerErrors {
  const parsed = parseServerErrors(lines);
  const result: AttachedServerErrors = { byElementId: {}, formErrors: [...parsed.formErrors] };
  for (const [field, messages] of Object.entries(parsed.fieldErrors)) {
    const id = candidateFieldIds(field).find(hasElement);
    if (id) {
      result.byElementId[id] ??= [];
      result.byElementId[id].push(...messages);
    } else {
      result.formErrors.push(...messages.map((message) => `${field}${SEPARATOR}${message}`));
    }
  }
  return result;
}
