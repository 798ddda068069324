import { randomUUID } from "node:crypto";
import {
  PaymentNotConfiguredError,
  quickCheckoutStream,
  type CheckoutPlacedAnswer,
  type EventMetadata,
  type LogPosition,
  type QuickDonationRequest,
} from "@shop/shared";
import { recordOrderGiftsIn } from "../orders/order-gifts.ts";
import { foldStream } from "../platform/command-handler.ts";
import { takesCards } from "../payments/gateway-for-config.ts";
import { payerOf } from "./checkout-personal.ts";
import { runPaymentAttempt } from "./payment-attempt.ts";
import { quickCheckoutDecider } from "./quick-checkout.ts";
import { decideQuickDonation } from "./quick-donation-decide.ts";
import { quickCheckoutAttempts, type QuickCheckoutDeps } from "./quick-checkout-service.ts";

/**
 * A gift to one fund in one form (issue 26 §5). Decided first (a refusal writes nothing), then paid
 * and placed exactly as the quick checkout places a membership: one stream per Idempotency-Key (so
 * a double click pays once), the one payment attempt, one OrderPlaced with one donation line, the
 * thermometer and the receipt through the same projections and outbox.
 */
export async function submitQuickDonation(
  deps: QuickCheckoutDeps,
  input: QuickDonationRequest,
  request: {
    idempotencyKey: string | null;
    userId: string | null;
    cartId: string;
    address: string;
    metadata: EventMetadata;
  },
): Promise<{ answer: CheckoutPlacedAnswer; lastWrite?: LogPosition }> {
  const fund = (await deps.loadSkus([input.fund])).get(input.fund);
  const gift = decideQuickDonation(input, fund, deps.clock());
  if (!takesCards(deps.gateway)) throw new PaymentNotConfiguredError();
  const stream = quickCheckoutStream(request.idempotencyKey ?? randomUUID());
  const person = await payerOf(deps.db, request.userId, gift.billing.email);
  return runPaymentAttempt(
    deps,
    quickCheckoutAttempts(stream, gift.line.skuCode),
    {
      load: async () => ({ state: foldStream(quickCheckoutDecider, await deps.store.readStream(stream)) }),
      placedOf: ({ state }) => state.placed,
      payment: () => ({ payment: gift.payment, totals: gift.totals }),
      order: async () => ({
        person,
        personal: { billing: gift.billing, shipping: null, digitalEmail: null },
        draft: {
          cartId: request.cartId,
          userId: request.userId,
          customer: request.userId ? `user:${request.userId}` : `person:${person}`,
          ships: false,
          lines: [gift.line],
          discounts: [],
          discountTerms: new Map(),
          shippingMethod: null,
        },
      }),
      // A paid gift moves its campaign's thermometer, as the four steps' gifts do.
      afterOrder: async (tx, _loaded, placed, now) => {
        if (placed.payment.status !== "awaiting") await recordOrderGiftsIn(tx, placed, now);
      },
    },
    { metadata: request.metadata, cardLimits: { checkout: `quick:${request.cartId}`, address: request.address } },
  );
}
