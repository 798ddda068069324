import {
  PaymentNotConfiguredError,
  type CheckoutPlacedAnswer,
  type LogPosition,
  type QuickDonationRequest,
} from "@shop/shared";
import { startMonthlyGift } from "../monthly-gifts/monthly-gift-commands.ts";
import { checkMonthlyOption } from "../monthly-gifts/monthly-option.ts";
import { recordOrderGiftsIn } from "../orders/order-gifts.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { payerOf } from "./checkout-personal.ts";
import { payQuickOrder, type QuickRequest } from "./quick-payment.ts";
import { decideQuickDonation } from "./quick-donation-decide.ts";
import type { QuickCheckoutDeps } from "./quick-checkout-service.ts";

/**
 * A gift to one fund in one form (issue 26 §5). Decided first (a refusal writes nothing), then paid
 * and placed by the one-form payment step the quick checkout's membership uses (quick-payment.ts):
 * one stream per Idempotency-Key (so a double click pays once), the one payment attempt, one
 * OrderPlaced with one donation line, the thermometer and the receipt through the same projections
 * and outbox.
 */
export async function submitQuickDonation(
  deps: QuickCheckoutDeps,
  input: QuickDonationRequest,
  request: QuickRequest,
): Promise<{ answer: CheckoutPlacedAnswer; lastWrite?: LogPosition }> {
  const fund = (await deps.loadSkus([input.fund])).get(input.fund);
  const gift = decideQuickDonation(input, fund, deps.clock());
  // Stripe takes cards in its own elements only (the checkout's payment step); this form's card fields
  // would be refused at the gateway after the attempt was claimed and a decline counted: refuse at once.
  if (!takesCards(deps.gateway) || deps.gateway.browserPayment) throw new PaymentNotConfiguredError();
  if (input.monthly) checkMonthlyOption(deps.gateway, request.userId);
  const placed = await payQuickOrder(
    deps,
    {
      line: gift.line,
      payment: gift.payment,
      totals: gift.totals,
      person: await payerOf(deps.db, request.userId, gift.billing.email),
      personal: { billing: gift.billing, shipping: null, digitalEmail: null },
      ships: false,
      // A paid gift moves its campaign's thermometer (in the order's transaction), as the four steps' gifts do.
      afterOrder: async (tx, placed, now) => {
        if (placed.payment.status !== "awaiting") await recordOrderGiftsIn(tx, placed, now);
      },
    },
    request,
  );
  if (!input.monthly) return placed;
  // The first month is this order; the next ones are the gateway's (a repeated submit finishes a failed start).
  const started = await startMonthlyGift(deps, placed.answer.order.number, gift.billing.email, request.metadata);
  return { ...placed, lastWrite: started ?? placed.lastWrite };
}
