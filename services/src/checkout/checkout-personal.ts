import type { Kysely } from "kysely";
import { Billing, Delivery, OrderPersonal, normaliseEmail, type Sealed } from "@shop/shared";
import { guestPerson, openSealedOrClear, sealPersonal, type Database } from "@shop/projections";
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

export const sealBilling = (db: Kysely<Database>, person: string, billing: Billing): Promise<Sealed> =>
  sealPersonal(db, person, Billing.parse(billing));
export const sealDelivery = (db: Kysely<Database>, person: string, delivery: Delivery): Promise<Sealed> =>
  sealPersonal(db, person, Delivery.parse(delivery));
export const sealOrderPersonal = (db: Kysely<Database>, person: string, personal: OrderPersonal): Promise<Sealed> =>
  sealPersonal(db, person, OrderPersonal.parse(personal));
