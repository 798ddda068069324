import {
  PaymentNotConfiguredError,
  type CheckoutPlacedAnswer,
  type LoadSkusForCart,
  type LogPosition,
  type QuickCheckoutRequest,
} from "@shop/shared";
import { listAddresses } from "@shop/projections";
import { takesCards } from "../payments/gateway-for-config.ts";
import { payerOf } from "./checkout-personal.ts";
import type { PaymentAttemptDeps } from "./payment-attempt.ts";
import { payQuickOrder, type QuickRequest } from "./quick-payment.ts";
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
  const [skus, addressBook] = await Promise.all([
    deps.loadSkus([input.sku]),
    request.userId ? listAddresses(deps.db, request.userId) : null,
  ]);
  const order = decideQuickCheckout(input, { sku: skus.get(input.sku), addressBook }, deps.clock());
  if (order.payment.type === "card" && !takesCards(deps.gateway)) throw new PaymentNotConfiguredError();
  return payQuickOrder(
    deps,
    {
      line: order.line,
      payment: () => order.payment,
      totals: order.totals,
      person: await payerOf(deps.db, request.userId, order.billing.email),
      // The billing, the card's address and the passholders, sealed with the buyer's key like the four steps.
      personal: { billing: order.billing, shipping: order.shipping, digitalEmail: null, membership: order.membership },
      ships: true,
    },
    request,
  );
}
