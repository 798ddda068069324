/**
 * An email as the shop compares it: trimmed and lower-cased (`A@X.ORG` is `a@x.org`). With
 * `dropPlusTag`, the `+tag` of the part before the @ goes too (`a+2@x.org` is `a@x.org`): the shop's
 * choice where an email counts a customer (the per-customer discount limits), since the common mail
 * providers deliver every tagged address to the untagged mailbox. Not for identity (sign-in, an
 * account's email): there `a+2@x.org` stays an address of its own.
 */
export function normaliseEmail(email: string, options: { dropPlusTag?: boolean } = {}): string {
  const normal = email.trim().toLowerCase();
  const at = normal.lastIndexOf("@");
  if (!options.dropPlusTag || at < 0) return normal;
  const plus = normal.indexOf("+");
  // A local part that starts with "+" has no untagged name to keep.
  return plus > 0 && plus < at ? normal.slice(0, plus) + normal.slice(at) : normal;
}
