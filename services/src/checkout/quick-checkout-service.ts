import {
  PaymentNotConfiguredError,
  QuickCheckoutFormError,
  type QuickCheckoutPaymentAnswer,
  type CheckoutPlacedAnswer,
  type LoadSkusForCart,
  type LogPosition,
  type QuickCheckoutRequest,
} from "@shop/shared";
import { listAddresses } from "@shop/projections";
import { takesCards } from "../payments/gateway-for-config.ts";
import { payerOf } from "./checkout-personal.ts";
import type { PaymentAttemptDeps } from "./payment-attempt.ts";
import { payQuickOrder, quickPaymentIntent, type QuickCard, type QuickRequest } from "./quick-payment.ts";
import { decideQuickCheckout } from "./quick-checkout-decide.ts";

export interface QuickCheckoutDeps extends PaymentAttemptDeps {
  loadSkus: LoadSkusForCart;
}

/**
 * One membership bought in one form. The form is decided first (a refusal writes nothing); then the
 * submit claims its Idempotency-Key's stream, so of two submits with one key only one pays and the
 * other answers its order: the one-form payment step (quick-payment.ts), shared with the gift form.
 */
export async function submitQuickCheckout(
  deps: QuickCheckoutDeps,
  input: QuickCheckoutRequest,
  request: QuickRequest,
): Promise<{ answer: CheckoutPlacedAnswer; lastWrite?: LogPosition }> {
  // Stripe takes the card in its own elements (as the gift form does): the form names the PaymentIntent
  // the browser confirmed. A card typed into the form's own fields is never taken (nor sent on) there:
  // refused as no card gateway is, before anything is written or counted as a decline.
  const browser = Boolean(deps.gateway.browserPayment);
  if (browser && input.payment_type === "card" && input.card_number && !input.payment_intent)
    throw new PaymentNotConfiguredError();
  const order = await decideMembership(deps, input, request, browser ? "confirmed" : "typed");
  return payQuickOrder(
    deps,
    {
      line: order.line,
      payment: order.payment,
      totals: order.totals,
      person: await payerOf(deps.db, request.userId, order.billing.email),
      // The billing, the card's address and the passholders, sealed with the buyer's key like the four steps.
      personal: { billing: order.billing, shipping: order.shipping, digitalEmail: null, membership: order.membership },
      ships: true,
    },
    request,
  );
}

/**
 * Stripe mode: the PaymentIntent the Payment Element confirms for this membership, made (once per key,
 * round and amount: Stripe's idempotency) after the form is checked, so a refused form asks Stripe nothing.
 */
export async function quickCheckoutPayment(
  deps: QuickCheckoutDeps,
  input: QuickCheckoutRequest,
  request: QuickRequest,
): Promise<QuickCheckoutPaymentAnswer> {
  if (input.payment_type !== "card") throw new QuickCheckoutFormError({ payment_type: [CARD_ONLY] });
  const order = await decideMembership(deps, input, request, "to-confirm");
  return quickPaymentIntent(deps, request, { amountCents: order.totals.totalCents, monthly: false, what: "order" });
}

const CARD_ONLY = "Only a card is paid through Stripe's card form.";

/** The membership as the form asks it, refused (writing nothing, asking no gateway) before anything is paid. */
async function decideMembership(
  deps: QuickCheckoutDeps,
  input: QuickCheckoutRequest,
  request: QuickRequest,
  card: QuickCard,
) {
  const [skus, addressBook] = await Promise.all([
    deps.loadSkus([input.sku]),
    request.userId ? listAddresses(deps.db, request.userId) : null,
  ]);
  const order = decideQuickCheckout(input, { sku: skus.get(input.sku), addressBook }, deps.clock(), card);
  if (input.payment_type === "card" && !takesCards(deps.gateway)) throw new PaymentNotConfiguredError();
  return order;
}
