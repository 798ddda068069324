import { z } from "zod";
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
 */
export const QuickDonationRequest = z.object({
  fund: field(100),
  amount: field(30),
  email: field(254),
  org_name: field(),
  ...paymentFormFields,
});
export type QuickDonationRequest = z.infer<typeof QuickDonationRequest>;
