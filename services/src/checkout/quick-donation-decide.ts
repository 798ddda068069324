import {
  CheckoutFormError,
  CheckoutPaymentRequest,
  FORM_MESSAGES,
  QUICK_DONATION_MESSAGES,
  QuickCheckoutFormError,
  isEmailAddress,
  parseCurrencyToCents,
  type Billing,
  type OrderLine,
  type OrderTotals,
  type QuickDonationRequest,
  type SkuForCart,
} from "@shop/shared";
import { MAX_DONATION_CENTS } from "../cart/decide.ts";
import type { QuickCard } from "./quick-payment.ts";
import { decidePaymentChoice, type PaymentChoice } from "./decide.ts";

/** A valid quick donation: the one-line order to place, through the same placement as the four steps. */
export interface QuickGift {
  billing: Billing;
  line: OrderLine;
  totals: OrderTotals;
  /** The payment, given the tag of the round a browser-confirmed payment (Stripe) must be made for. */
  payment: (confirmedTag: string) => PaymentChoice;
}

/**
 * Pure: a gift to one fund in one form (issue 26 §5). The fund must be a donation SKU on sale, the
 * amount at least $1.00 (cents kept), the email a valid address, the card as the payment step checks
 * it (a card only: a gift given here is paid now). Every field's messages come back together. The
 * giver is named by the name on the card; nothing ships, so no address is asked for.
 */
export function decideQuickDonation(
  input: QuickDonationRequest,
  fund: SkuForCart | undefined,
  now: Date,
  card: QuickCard = "typed",
): QuickGift {
  const errors: Record<string, string[]> = {};
  if (!fund?.active || !fund.userDefinedPrice) errors.fund = [QUICK_DONATION_MESSAGES.pickFund];
  const amountCents = Math.max(0, parseCurrencyToCents(input.amount));
  if (amountCents < 100) errors.amount = [QUICK_DONATION_MESSAGES.amount];
  else if (amountCents > MAX_DONATION_CENTS) errors.amount = [QUICK_DONATION_MESSAGES.tooMuch];
  if (!input.email) errors.email = [FORM_MESSAGES.required];
  else if (!isEmailAddress(input.email)) errors.email = [FORM_MESSAGES.invalidEmail(input.email)];
  const form = CheckoutPaymentRequest.parse({ ...input, payment_type: "card" });
  // Stripe's elements take the card but not the giver's name: the form still asks for it.
  if (card !== "typed" && !input.name_on_card.trim()) errors.name_on_card = [QUICK_DONATION_MESSAGES.nameOnCard];
  const pay = (tag: string | null) => decidePaymentChoice(form, Math.max(amountCents, 100), now, tag);
  try {
    if (card === "typed") pay(null);
    else if (card === "confirmed") pay("");
  } catch (error) {
    if (!(error instanceof CheckoutFormError)) throw error;
    Object.assign(errors, error.fields);
  }
  if (Object.keys(errors).length || !fund) throw new QuickCheckoutFormError(errors);
  const [first, ...rest] = input.name_on_card.split(/\s+/);
  const billing: Billing = {
    first_name: first ?? "",
    last_name: rest.join(" "),
    street1: "",
    street2: "",
    city: "",
    state: "",
    postal_code: "",
    country: "US",
    email: input.email,
    org_name: input.org_name,
  };
  return {
    billing,
    line: {
      lineId: 1,
      skuId: fund.id,
      skuCode: fund.code,
      title: fund.title,
      format: fund.format,
      quantity: 1,
      unitCents: amountCents,
      totalCents: amountCents,
      digital: false,
      // The first month of a monthly gift says so, so its confirmation mail can tell the giver it repeats.
      donation: { campaign: fund.campaign ?? null, ...(input.monthly ? { monthly: true } : {}) },
    },
    totals: { goodsCents: 0, discountCents: 0, donationCents: amountCents, shippingCents: 0, totalCents: amountCents },
    payment: (tag) => pay(card === "typed" ? null : tag),
  };
}
