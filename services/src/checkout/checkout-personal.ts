import type { Kysely } from "kysely";
import { Billing, Delivery, OrderPersonal, normaliseEmail, type Sealed } from "@shop/shared";
import {
  guestPerson,
  openSealedOrClear,
  openWithKey,
  personKeyOf,
  sealGuestPersonal,
  sealPersonal,
  sealWithKey,
  type Database,
} from "@shop/projections";
import type { Checkout } from "./checkout.ts";

/**
 * Whose key seals a checkout's personal data: the signed-in shopper's (their user id, as sign-up and
 * the address book use), or a guest's, one per normalised email, kept outside the log.
 */
export function payerOf(db: Kysely<Database>, userId: string | null, email: string): Promise<string> {
  return userId ? Promise.resolve(userId) : guestPerson(db, email);
}

/**
 * Who the per-customer discount limits count: the account, or a guest by their email normalised with
 * its `+tag` dropped (`A@X.org`, `a+2@x.org` and `a@x.org` are one customer), named by that email's
 * guest person id so the log holds no email.
 */
export async function discountCustomerOf(db: Kysely<Database>, userId: string | null, email: string): Promise<string> {
  return userId ? `user:${userId}` : `person:${await guestPerson(db, normaliseEmail(email, { dropPlusTag: true }))}`;
}

/** The person whose key sealed the checkout's billing (null for billing given in clear, before sealing). */
export const checkoutPayer = (checkout: Checkout): string | null =>
  checkout.billing && !("clear" in checkout.billing.billing)
    ? checkout.billing.billing.person
    : (checkout.billing?.userId ?? null);

/** The checkout's billing and delivery, opened (null where not given, or where the payer was erased meanwhile). */
export async function openCheckout(
  db: Kysely<Database>,
  checkout: Checkout,
): Promise<{ billing: Billing | null; delivery: Delivery | null }> {
  const [billing, delivery] = await Promise.all([
    checkout.billing ? openSealedOrClear(db, checkout.billing.billing, Billing) : null,
    checkout.delivery ? openSealedOrClear(db, checkout.delivery.delivery, Delivery) : null,
  ]);
  return { billing, delivery };
}

/**
 * `openCheckout` for a step that seals after it opens, the delivery and the payment (issue 28, point 3:
 * fewer round trips): when the payer's key sealed every value given, it is read once, they are opened
 * with it, and it is answered with them so the delivery, or the order and its mail, are sealed with it
 * without another read. A key that opens the billing exists, so sealing
 * with it is what `sealPersonal` would have done. Otherwise (a value in clear, two persons) as `openCheckout`,
 * with no key.
 */
export async function openCheckoutWithKey(
  db: Kysely<Database>,
  checkout: Checkout,
  /** The payer's key, when its read was started beside the checkout's other reads (`payerKeyRead`). */
  keyRead?: Promise<Buffer | null> | null,
): Promise<{ billing: Billing | null; delivery: Delivery | null; key: Buffer | null }> {
  const payer = sealedByPayer(checkout);
  if (!payer) return { ...(await openCheckout(db, checkout)), key: null };
  const key = await (keyRead ?? personKeyOf(db, payer));
  const open = <T>(value: unknown, schema: { safeParse(v: unknown): { success: boolean; data?: T } }) => {
    if (!key || !value || typeof value !== "object" || !("box" in value)) return null;
    const parsed = schema.safeParse(openWithKey(key, String(value.box)));
    return parsed.success ? (parsed.data as T) : null;
  };
  return {
    billing: open<Billing>(checkout.billing?.billing, Billing),
    delivery: open<Delivery>(checkout.delivery?.delivery, Delivery),
    key,
  };
}

/** The payer, when their key sealed every value the checkout holds (then one key read opens them all); else null. */
function sealedByPayer(checkout: Checkout): string | null {
  const payer = checkoutPayer(checkout);
  const values = [checkout.billing?.billing, checkout.delivery?.delivery].filter((v) => v !== undefined);
  return payer && values.every((v) => !("clear" in v) && v.person === payer) ? payer : null;
}

/**
 * Starts reading the payer's key for `openCheckoutWithKey` as soon as the checkout is read, so it goes
 * beside the cart's SKUs rather than after them; null when it would not be used (values not all sealed
 * by the payer) or may not be (an attempt runs: this submit will wait for it). A failed read is thrown
 * where it is awaited, never as an unhandled rejection.
 */
export function payerKeyRead(db: Kysely<Database>, checkout: Checkout): Promise<Buffer | null> | null {
  const payer = checkout.attempt ? null : sealedByPayer(checkout);
  if (!payer) return null;
  const read = personKeyOf(db, payer);
  read.catch(() => {});
  return read;
}

export const sealBilling = (db: Kysely<Database>, person: string, billing: Billing): Promise<Sealed> =>
  sealPersonal(db, person, Billing.parse(billing));
/**
 * The billing sealed with the payer's key (`payerOf`): a guest's person id and key are taken in one
 * statement (issue 28, point 3), a signed-in shopper's key in one as before.
 */
export const sealBillingOfPayer = (db: Kysely<Database>, userId: string | null, billing: Billing): Promise<Sealed> =>
  userId ? sealBilling(db, userId, billing) : sealGuestPersonal(db, billing.email, Billing.parse(billing));
/** A value sealed with the payer's key: the one the caller read already (no read), or read (made) now. */
const sealWithPayerKey = (db: Kysely<Database>, person: string, value: unknown, key?: Buffer): Promise<Sealed> =>
  key ? Promise.resolve({ person, box: sealWithKey(key, value) }) : sealPersonal(db, person, value);
/** The delivery sealed with the payer's key (the one that opened the billing, when given). */
export const sealDelivery = (db: Kysely<Database>, person: string, delivery: Delivery, key?: Buffer) =>
  sealWithPayerKey(db, person, Delivery.parse(delivery), key);
/** The order's personal data sealed with the buyer's key (the one the caller read already, when given). */
export const sealOrderPersonal = (db: Kysely<Database>, person: string, personal: OrderPersonal, key?: Buffer) =>
  sealWithPayerKey(db, person, OrderPersonal.parse(personal), key);
