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

/**
 * Personal data in an event written since sealing (a `Sealed` box), or in clear (an event written
 * before, read through its upcaster: the log is never rewritten).
 */
export const sealedOrClear = <S extends z.ZodType>(schema: S) => z.union([Sealed, z.object({ clear: schema })]);
export type SealedOrClear<T> = Sealed | { clear: T };

/** Whose data a sealed-or-clear value is: the box's person, or for data in clear the fallback (the user id). */
export const personOfValue = (value: SealedOrClear<unknown>, fallback: string | null): string | null =>
  "clear" in value ? fallback : value.person;

/** For upcasters: the old event's object, or an empty one. */
export const asRecord = (data: unknown): Record<string, unknown> =>
  data && typeof data === "object" ? (data as Record<string, unknown>) : {};

/** An email as every lookup compares it: trimmed, lower-case. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

/**
 * A keyed hash of a normalised email (`emailHash` in projections/src/personal-data/): names the claim
 * and subscription streams in place of the address. Branded, so an email cannot be passed by mistake.
 */
export type EmailHash = string & { readonly __emailHash: true };
