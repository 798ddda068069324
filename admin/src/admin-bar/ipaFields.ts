/** The node fields a public page may mark with `data-ipa-field` for editing in place. */
const IPA_FIELDS = ["name", "body", "short_description"] as const;
export type IpaField = (typeof IPA_FIELDS)[number];
export type IpaValues = Partial<Record<IpaField, string>>;
export type IpaChanges = IpaValues;

export const isIpaField = (name: string): name is IpaField => (IPA_FIELDS as readonly string[]).includes(name);

/**
 * The fields the editor really changed. Each field is compared with what the same element held when
 * editing began, not with the node: the browser rewrites HTML it is given (`<img/>` becomes `<img>`,
 * `&` becomes `&amp;`), so comparing with the stored body would "change" a body nobody touched.
 */
export function changedIpaFields(atStart: IpaValues, now: IpaValues): IpaChanges {
  const changes: IpaChanges = {};
  for (const field of IPA_FIELDS) {
    const value = now[field];
    if (value !== undefined && value !== atStart[field]) changes[field] = value;
  }
  return changes;
}

/** Only the in-place fields of a stored draft (a draft from the back-office form may hold others, e.g. slug). */
export function ipaPart(edits: Record<string, unknown>): IpaChanges {
  const part: IpaChanges = {};
  for (const [field, value] of Object.entries(edits))
    if (isIpaField(field) && typeof value === "string") part[field] = value;
  return part;
}
