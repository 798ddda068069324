import { MONTHLY_GIFT_MESSAGES, QuickCheckoutFormError } from "@shop/shared";
import type { PaymentGateway } from "../payments/payment-gateway.ts";

/**
 * 'Make this monthly' is refused before anything is paid: a guest is asked to sign in (a monthly gift
 * must be stoppable from its giver's account page, and an emailed link would be one more secret to
 * keep), and a shop whose gateway takes no subscriptions says so.
 */
export function checkMonthlyOption(gateway: PaymentGateway, userId: string | null): void {
  if (!userId) throw new QuickCheckoutFormError({ monthly: [MONTHLY_GIFT_MESSAGES.signInFirst] });
  if (!gateway.monthly) throw new QuickCheckoutFormError({ monthly: [MONTHLY_GIFT_MESSAGES.notAvailable] });
}
