import {
  PaymentNotConfiguredError,
  type QuickDonationPaymentAnswer,
  type CheckoutPlacedAnswer,
  type LogPosition,
  type QuickDonationRequest,
} from "@shop/shared";
import { startMonthlyGift } from "../monthly-gifts/monthly-gift-commands.ts";
import { checkMonthlyOption } from "../monthly-gifts/monthly-option.ts";
import { recordOrderGiftsIn } from "../orders/order-gifts.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { payerOf } from "./checkout-personal.ts";
import { payQuickOrder, quickPaymentIntent, type QuickCard, type QuickRequest } from "./quick-payment.ts";
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
  // Stripe takes the card in its own elements (as the checkout's payment step): the form names the
  // PaymentIntent the browser confirmed, and the attempt checks it is this key's round's.
  const browser = Boolean(deps.gateway.browserPayment);
  // A card typed into this form's own fields is never taken in Stripe mode (nor sent on): refused as
  // no card gateway is, before anything is written or counted as a decline.
  if (browser && input.card_number && !input.payment_intent) throw new PaymentNotConfiguredError();
  const gift = await decideGift(deps, input, browser ? "confirmed" : "typed");
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
      monthly: input.monthly,
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

/**
 * Stripe mode: the PaymentIntent the Payment Element confirms for this form's gift, created (once per
 * key, round, amount and monthly choice: Stripe's idempotency) after the form is checked, so a refused
 * gift asks Stripe nothing. A monthly gift's first month keeps its card for the next months.
 */
export async function quickDonationPayment(
  deps: QuickCheckoutDeps,
  input: QuickDonationRequest,
  request: QuickRequest,
): Promise<QuickDonationPaymentAnswer> {
  const gift = await decideGift(deps, input, "to-confirm");
  if (input.monthly && deps.gateway.browserPayment) checkMonthlyOption(deps.gateway, request.userId);
  return quickPaymentIntent(deps, request, {
    amountCents: gift.totals.totalCents,
    monthly: input.monthly,
    what: "gift",
  });
}

/** The gift as the form asks it, refused (writing nothing, asking no gateway) before anything is paid. */
async function decideGift(deps: QuickCheckoutDeps, input: QuickDonationRequest, card: QuickCard) {
  const fund = (await deps.loadSkus([input.fund])).get(input.fund);
  const gift = decideQuickDonation(input, fund, deps.clock(), card);
  if (!takesCards(deps.gateway)) throw new PaymentNotConfiguredError();
  return gift;
}
