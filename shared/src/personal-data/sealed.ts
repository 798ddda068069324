import { z } from "zod";

/**
 * Personal data (names, addresses, emails, phone) as events hold it: encrypted with the key of one
 * person, kept outside the log. Erasing the person deletes the key; the box can then never be opened,
 * in the live read models or in any replay (crypto-shredding).
 */
export const Sealed = z.object({
  /** Whose key sealed it (a user id for an account holder). */
  person: z.string().min(1),
  /** `v1.` + base64url(iv ‖ GCM tag ‖ ciphertext of the JSON value). */
  box: z.string().startsWith("v1."),
});
export type Sealed = z.infer<typeof Sealed>;

/** What a read model shows in place of an erased person's data. */
export const ERASED = "(erased)";

/** Stream of a person's erasure: the event says who, never what. */
export const personStream = (person: string) => `person-${person}`;
