import { z } from "zod";
import { StripePaymentView } from "./api.ts";
import { formField as field, paymentFormFields } from "./form-fields.ts";

/** The quick donation's wording (issue 26 §5); its refusals read as the quick checkout's. */
export const QUICK_DONATION_MESSAGES = {
  pickFund: "Please choose a fund to give to.",
  amount: "Please enter an amount of $1.00 or more.",
  tooMuch: "Please call us to give more than $1,000,000 at once.",
  nameOnCard: "Please enter the name on the card.",
  processing: "Giving...",
} as const;

/**
 * POST /api/store/shop/quick-donation/: a gift in one form, for a cart of gifts only (issue 26 §5):
 * the fund (a donation SKU), the amount in dollars as typed ("12.50", "$1,000"), the email the
 * receipt goes to, an optional organisation, and the card. The name on the card names the giver.
 * `monthly` makes it a monthly gift: this order pays the first month, the gateway the next ones.
 */
export const QuickDonationRequest = z.object({
  fund: field(100),
  amount: field(30),
  email: field(254),
  org_name: field(),
  ...paymentFormFields,
  /** 'Make this monthly': 'on', 'true' or '1' ticks it; a signed-in shopper's only (services/src/monthly-gifts). */
  monthly: field(5)
    .transform((v) => ["on", "true", "1"].includes(v.toLowerCase()))
    .meta({ description: "on: repeat the gift each month (signed-in shoppers; the first month is this order)" }),
  /** Stripe mode: the PaymentIntent the browser confirmed (pi_…); the card fields but the name are not sent then. */
  payment_intent: field(100),
});
export type QuickDonationRequest = z.infer<typeof QuickDonationRequest>;

/**
 * POST /api/store/shop/quick-donation/payment/ (Stripe mode): the PaymentIntent the Payment Element
 * confirms for this form's gift (its Idempotency-Key, amount and monthly choice), before the form posts.
 */
export const QuickDonationPaymentAnswer = z.object({
  metadata: z.object({ success: z.boolean(), errors: z.array(z.string()) }),
  stripe: StripePaymentView,
});
export type QuickDonationPaymentAnswer = z.infer<typeof QuickDonationPaymentAnswer>;
/** POST /api/store/shop/quick-checkout/payment/ (Stripe mode): the same, for a membership's one form. */
export const QuickCheckoutPaymentAnswer = QuickDonationPaymentAnswer;
export type QuickCheckoutPaymentAnswer = QuickDonationPaymentAnswer;

/**
 * GET /api/store/shop/quick-donation/payment/: how the Give now form takes the card: its own fields
 * (`fields`, the test gateway) or Stripe's Payment Element (`stripe`), asked before the gift is posted.
 */
export const QuickDonationCardFormAnswer = z.object({
  metadata: z.object({ success: z.boolean(), errors: z.array(z.string()) }),
  card_form: z.enum(["fields", "stripe"]),
});
export type QuickDonationCardFormAnswer = z.infer<typeof QuickDonationCardFormAnswer>;
/** GET …/quick-checkout/payment/ and …/quick-donation/payment/: how either one-form page takes the card. */
export const QuickCardFormAnswer = QuickDonationCardFormAnswer;
export type QuickCardFormAnswer = QuickDonationCardFormAnswer;
