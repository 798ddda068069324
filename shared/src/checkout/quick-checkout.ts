import { z } from "zod";
import { DomainError, type FieldMessages } from "../errors/domain-error.ts";
import { FORM_MESSAGES } from "../domain/messages.ts";
import { isEmailAddress } from "../domain/text-format.ts";
import { isUnitedStates, usStateMessage } from "../addresses/us-states.ts";
import { billingFormFields, formField as field, paymentFormFields, shipFormFields } from "./form-fields.ts";
import type { MembershipVariant } from "./membership-sku.ts";

export * from "./membership-sku.ts";

/** The quick checkout's messages (storefront §2, §5). */
export const QUICK_CHECKOUT_MESSAGES = {
  passholders: "All passholder name fields are required.",
  correctErrors: "Please correct the errors in this form before proceeding to checkout.",
  notMembership: "This item cannot be bought through the quick checkout.",
  processing: "Processing Order...",
} as const;

/** How many dependent rows the form offers: children (family) or grandchildren (grandparent). */
export const MAX_DEPENDENTS = 6;
/** Which passholder rows a variant has: the spouse for grandparents; dependents for families and grandparents. */
export const passholderRows = (variant: MembershipVariant) => ({
  spouse: variant === "grandparent",
  dependents: variant === "individual" ? 0 : MAX_DEPENDENTS,
  birthdays: variant === "grandparent",
});

const dependentFields = Object.fromEntries(
  Array.from({ length: MAX_DEPENDENTS }, (_, i) => i + 1).flatMap((n) => [
    [`dependent_${n}_first_name`, field()],
    [`dependent_${n}_last_name`, field()],
    [`dependent_${n}_birth_year`, field(4)],
    [`dependent_${n}_birth_month`, field(2)],
    [`dependent_${n}_birth_day`, field(2)],
  ]),
) as Record<
  `dependent_${number}_${"first_name" | "last_name" | "birth_year" | "birth_month" | "birth_day"}`,
  ReturnType<typeof field>
>;

/**
 * POST /api/store/shop/quick-checkout/ (form-urlencoded or JSON): one membership, its billing, where
 * its card is mailed (`ship_to`: 'billing', an address-book id, or 'new' with the ship_* fields), the
 * passholders and the payment. Fields are only shaped here; the rules are `quickCheckoutFieldErrors`.
 */
export const QuickCheckoutRequest = z.object({
  sku: field(50),
  ...billingFormFields,
  ship_to: field(20).transform((v) => v || "billing"),
  ...shipFormFields,
  primary_first_name: field(),
  primary_last_name: field(),
  spouse_first_name: field(),
  spouse_last_name: field(),
  ...dependentFields,
  payment_type: field(20).transform((v) => v || "card"),
  ...paymentFormFields,
  /** Stripe mode: the PaymentIntent the browser confirmed (pi_…); the card fields but the name are not sent then. */
  payment_intent: field(100),
});
export type QuickCheckoutRequest = z.infer<typeof QuickCheckoutRequest>;
type Form = Record<string, string>;

/** Days in a month of a year (1–12): 31, 30, or February's 28 and 29 in a leap year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A birthday given as yyyy, mm, dd that is a real date (29 February only in a leap year). */
export function isRealBirthday(year: string, month: string, day: string): boolean {
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return false;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  return y >= 1900 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export interface Passholder {
  role: "primary" | "spouse" | "dependent";
  first_name: string;
  last_name: string;
  /** yyyy-mm-dd, grandchildren only. */
  birthday: string | null;
}

const pad = (v: string) => v.padStart(2, "0");

/**
 * The passholder rules of storefront §5: the primary always needs first and last name; the spouse
 * and each dependent are optional, but a row begun needs both names; a grandchild row begun needs
 * first name, last name and a full birthday that is a real date (an impossible day counts as none,
 * as the form clears it). Each missing field reads 'All passholder name fields are required.'.
 */
export function passholderErrors(variant: MembershipVariant, form: Form): FieldMessages {
  const errors: Record<string, string[]> = {};
  const missing = (name: string) => {
    errors[name] = [QUICK_CHECKOUT_MESSAGES.passholders];
  };
  const rows = passholderRows(variant);
  const pair = (prefix: string, always: boolean) => {
    const first = form[`${prefix}_first_name`] ?? "";
    const last = form[`${prefix}_last_name`] ?? "";
    if (!always && !first && !last) return;
    if (!first) missing(`${prefix}_first_name`);
    if (!last) missing(`${prefix}_last_name`);
  };
  pair("primary", true);
  if (rows.spouse) pair("spouse", false);
  for (let n = 1; n <= rows.dependents; n++) {
    const prefix = `dependent_${n}`;
    if (!rows.birthdays) {
      pair(prefix, false);
      continue;
    }
    const parts = ["first_name", "last_name", "birth_year", "birth_month", "birth_day"].map(
      (part) => [`${prefix}_${part}`, form[`${prefix}_${part}`] ?? ""] as const,
    );
    if (parts.every(([, v]) => !v)) continue;
    for (const [name, value] of parts) if (!value) missing(name);
    const [year, month, day] = parts.slice(2).map(([, v]) => v);
    if (year && month && day && !isRealBirthday(year, month, day)) missing(`${prefix}_birth_day`);
  }
  return errors;
}

/** The passholders a valid form names, primary first, blank optional rows left out. */
export function passholdersOf(variant: MembershipVariant, form: Form): Passholder[] {
  const rows = passholderRows(variant);
  const named = (prefix: string) => (form[`${prefix}_first_name`] ?? "") !== "";
  const holder = (role: Passholder["role"], prefix: string, birthday: string | null = null): Passholder => ({
    role,
    first_name: form[`${prefix}_first_name`] ?? "",
    last_name: form[`${prefix}_last_name`] ?? "",
    birthday,
  });
  const list = [holder("primary", "primary")];
  if (rows.spouse && named("spouse")) list.push(holder("spouse", "spouse"));
  for (let n = 1; n <= rows.dependents; n++) {
    const p = `dependent_${n}`;
    if (!named(p)) continue;
    const birthday = rows.birthdays
      ? `${form[`${p}_birth_year`]}-${pad(form[`${p}_birth_month`] ?? "")}-${pad(form[`${p}_birth_day`] ?? "")}`
      : null;
    list.push(holder("dependent", p, birthday));
  }
  return list;
}

const BILLING_REQUIRED = ["first_name", "last_name", "street1", "city", "postal_code"] as const;

/**
 * Every rule of the form at once, by field: billing as in step 1; a new shipping address needs first
 * and last name, street1, city and postal code, and state in the US ('This field is required.');
 * the passholders as `passholderErrors`. The payment fields are checked as the payment step checks them.
 */
export function quickCheckoutFieldErrors(variant: MembershipVariant, form: QuickCheckoutRequest): FieldMessages {
  const errors: Record<string, string[]> = {};
  const required = (name: string, value: string) => {
    if (!value) errors[name] = [FORM_MESSAGES.required];
  };
  for (const name of BILLING_REQUIRED) required(name, form[name]);
  const state = isUnitedStates(form.country) ? usStateMessage(form.state) : null;
  if (state) errors.state = [state];
  if (!form.email) required("email", form.email);
  else if (!isEmailAddress(form.email)) errors.email = [FORM_MESSAGES.invalidEmail(form.email)];
  if (form.ship_to === "new") {
    for (const name of BILLING_REQUIRED) required(`ship_${name}`, form[`ship_${name}`]);
    const shipState = isUnitedStates(form.ship_country) ? usStateMessage(form.ship_state) : null;
    if (shipState) errors.ship_state = [shipState];
  } else if (form.ship_to !== "billing" && !/^\d{1,9}$/.test(form.ship_to)) {
    errors.ship_to = ["Select a valid choice."];
  }
  return { ...errors, ...passholderErrors(variant, form) };
}

/** The quick checkout's form with errors: 'field: message' lines under the form's own message (§5). */
export class QuickCheckoutFormError extends DomainError<"CHECKOUT_INVALID"> {
  constructor(fields: FieldMessages) {
    super("CHECKOUT_INVALID", QUICK_CHECKOUT_MESSAGES.correctErrors, fields);
  }
}

/** The SKU is not a membership (or not sold): nothing to quick-check-out. */
export class NotAMembershipError extends DomainError<"CHECKOUT_INVALID"> {
  constructor() {
    super("CHECKOUT_INVALID", QUICK_CHECKOUT_MESSAGES.notMembership, { sku: [QUICK_CHECKOUT_MESSAGES.notMembership] });
  }
}

/** A membership's passholders as its order records them (OrderPlaced.membership). */
export const MembershipOnOrder = z.object({
  variant: z.enum(["individual", "family", "grandparent"]),
  passholders: z.array(
    z.object({
      role: z.enum(["primary", "spouse", "dependent"]),
      first_name: z.string(),
      last_name: z.string(),
      birthday: z.string().nullable(),
    }),
  ),
});
export type MembershipOnOrder = z.infer<typeof MembershipOnOrder>;

/** GET /api/store/shop/quick-checkout/?sku={code}: the membership the form buys. */
export const QuickCheckoutItemQuery = z.object({ sku: field(50) });
export const QuickCheckoutItemAnswer = z.object({
  metadata: z.object({ success: z.boolean(), errors: z.array(z.string()) }),
  item: z.object({
    sku: z.string(),
    title: z.string(),
    format: z.string(),
    price: z.string(),
    price_cents: z.number().int(),
    variant: z.enum(["individual", "family", "grandparent"]),
    url: z.string(),
  }),
});
export type QuickCheckoutItemAnswer = z.infer<typeof QuickCheckoutItemAnswer>;
