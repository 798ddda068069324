import type { Kysely } from "kysely";
import { Billing, Delivery, OrderPersonal, normaliseEmail, type Sealed } from "@shop/shared";
import {
  guestPerson,
  openSealedOrClear,
  openWithKey,
  personKeyOf,
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
 * `openCheckout` for the payment (issue 28, point 3: fewer round trips): when the payer's key sealed
 * both values, it is read once, both are opened with it, and it is answered with them so the order and
 * its mail are sealed with it without another read. A key that opens the billing exists, so sealing
 * with it is what `sealPersonal` would have done. Otherwise (a value in clear, two persons) as `openCheckout`,
 * with no key.
 */
export async function openCheckoutForOrder(
  db: Kysely<Database>,
  checkout: Checkout,
): Promise<{ billing: Billing | null; delivery: Delivery | null; key: Buffer | null }> {
  const payer = checkoutPayer(checkout);
  const values = [checkout.billing?.billing, checkout.delivery?.delivery].filter((v) => v !== undefined);
  if (!payer || !values.every((v) => !("clear" in v) && v.person === payer))
    return { ...(await openCheckout(db, checkout)), key: null };
  const key = await personKeyOf(db, payer);
  const open = <T>(
    value: { box: string } | undefined,
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  ) => {
    if (!value || !key) return null;
    const parsed = schema.safeParse(openWithKey(key, value.box));
    return parsed.success ? (parsed.data as T) : null;
  };
  const billing = checkout.billing?.billing;
  const delivery = checkout.delivery?.delivery;
  return {
    billing: open<Billing>(billing && !("clear" in billing) ? billing : undefined, Billing),
    delivery: open<Delivery>(delivery && !("clear" in delivery) ? delivery : undefined, Delivery),
    key,
  };
}

export const sealBilling = (db: Kysely<Database>, person: string, billing: Billing): Promise<Sealed> =>
  sealPersonal(db, person, Billing.parse(billing));
export const sealDelivery = (db: Kysely<Database>, person: string, delivery: Delivery): Promise<Sealed> =>
  sealPersonal(db, person, Delivery.parse(delivery));
/** The order's personal data sealed with the buyer's key: the one the caller read already (no read), or read (made) now. */
export const sealOrderPersonal = async (
  db: Kysely<Database>,
  person: string,
  personal: OrderPersonal,
  key?: Buffer,
): Promise<Sealed> =>
  key
    ? { person, box: sealWithKey(key, OrderPersonal.parse(personal)) }
    : sealPersonal(db, person, OrderPersonal.parse(personal));
