import {
  CheckoutFormError,
  CheckoutPaymentRequest,
  FORM_MESSAGES,
  NotAMembershipError,
  QuickCheckoutFormError,
  membershipVariantOf,
  passholdersOf,
  quickCheckoutFieldErrors,
  type Address,
  type AddressItem,
  type Billing,
  type FieldMessages,
  type MembershipOnOrder,
  type OrderLine,
  type OrderTotals,
  type QuickCheckoutRequest,
  type SkuForCart,
} from "@shop/shared";
import { decidePaymentChoice, type PaymentChoice } from "./decide.ts";
import type { QuickCard } from "./quick-payment.ts";

/** What the quick checkout decides from: the SKU as the catalog holds it, the shopper's address book (null for a guest). */
export interface QuickCheckoutFacts {
  sku: SkuForCart | undefined;
  addressBook: readonly AddressItem[] | null;
}

/** A valid quick checkout: the order to place, through the same order placement as the four steps. */
export interface QuickOrder {
  billing: Billing;
  shipping: Address;
  line: OrderLine;
  totals: OrderTotals;
  membership: MembershipOnOrder;
  /** The payment, given the tag of the round a browser-confirmed payment (Stripe) must be made for. */
  payment: (confirmedTag: string) => PaymentChoice;
}

/**
 * Pure: one membership bought in one form. Every field's messages come back together under
 * 'Please correct the errors in this form before proceeding to checkout.', the payment's included
 * (checked as the payment step checks them). Memberships ship their card free: no shipping step.
 * On Stripe the card is not the form's (`card`: confirmed in Stripe's elements, or about to be): only
 * the name on it is asked for here.
 */
export function decideQuickCheckout(
  input: QuickCheckoutRequest,
  facts: QuickCheckoutFacts,
  now: Date,
  card: QuickCard = "typed",
): QuickOrder {
  const sku = facts.sku;
  const variant = sku?.active ? membershipVariantOf(sku) : null;
  if (!sku || !variant) throw new NotAMembershipError();
  const errors: Record<string, readonly string[]> = { ...quickCheckoutFieldErrors(variant, input) };
  const picked = /^\d+$/.test(input.ship_to) ? facts.addressBook?.find((a) => a.id === Number(input.ship_to)) : null;
  if (picked === undefined) errors.ship_to = ["Select a valid choice."];
  const priceCents = sku.priceCents;
  const paymentForm = CheckoutPaymentRequest.safeParse(input);
  if (!paymentForm.success) errors.payment_type = ["Select a valid choice."];
  const byCard = paymentForm.success && paymentForm.data.payment_type === "card";
  // Stripe's elements take the card but not its holder's name: the form still asks for it.
  if (byCard && card !== "typed" && !input.name_on_card.trim()) errors.name_on_card = [FORM_MESSAGES.required];
  const pay = (tag: string | null) =>
    decidePaymentChoice(paymentForm.data as CheckoutPaymentRequest, priceCents, now, byCard ? tag : null);
  if (paymentForm.success && card !== "to-confirm")
    try {
      pay(card === "typed" ? null : "");
    } catch (error) {
      if (!(error instanceof CheckoutFormError)) throw error;
      Object.assign(errors, error.fields);
    }
  if (Object.keys(errors).length || !paymentForm.success)
    throw new QuickCheckoutFormError(errors satisfies FieldMessages);
  const billing: Billing = {
    first_name: input.first_name,
    last_name: input.last_name,
    street1: input.street1,
    street2: input.street2,
    city: input.city,
    state: input.state,
    postal_code: input.postal_code,
    country: input.country,
    email: input.email,
    org_name: input.org_name,
  };
  return {
    billing,
    shipping: shippingAddress(input, billing, picked ?? null),
    line: {
      lineId: 1,
      skuId: sku.id,
      skuCode: sku.code,
      title: sku.title,
      format: sku.format,
      quantity: 1,
      unitCents: priceCents,
      totalCents: priceCents,
      digital: sku.digital,
      donation: null,
    },
    totals: { goodsCents: priceCents, discountCents: 0, donationCents: 0, shippingCents: 0, totalCents: priceCents },
    membership: { variant, passholders: passholdersOf(variant, input) },
    payment: (tag) => pay(card === "typed" ? null : tag),
  };
}

/** Where the membership card goes: the billing address, an address of the book, or the new one typed. */
function shippingAddress(input: QuickCheckoutRequest, billing: Billing, picked: AddressItem | null): Address {
  if (picked) {
    const { id: _id, phone: _phone, is_default: _default, ...address } = picked;
    return address;
  }
  if (input.ship_to === "new")
    return {
      first_name: input.ship_first_name,
      last_name: input.ship_last_name,
      street1: input.ship_street1,
      street2: input.ship_street2,
      city: input.ship_city,
      state: input.ship_state,
      postal_code: input.ship_postal_code,
      country: input.ship_country,
    };
  const { email: _email, org_name: _org, ...address } = billing;
  return address;
}
