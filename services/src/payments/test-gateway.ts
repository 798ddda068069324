import { randomBytes } from "node:crypto";
import { CHECKOUT_MESSAGES, cardBrand, cardDigits } from "@shop/shared";
import type { AuthoriseResult, PaymentGateway } from "./payment-gateway.ts";

/** The card the test gateway always declines (Stripe's test number for a generic decline). */
export const DECLINED_TEST_CARD = "4000000000000002";

interface Charge {
  amountCents: number;
  captured: number;
  refunded: number;
  voided: boolean;
}

/**
 * PAYMENT_GATEWAY=test (the default): accepts any card number (Luhn and expiry are checked before),
 * declines 4000 0000 0000 0002 with 'Your card was declined.'. Charges live in memory; `charges`
 * lets tests count them.
 */
export function createTestGateway(): PaymentGateway & { charges: Map<string, Charge> } {
  const charges = new Map<string, Charge>();
  const byKey = new Map<string, AuthoriseResult>();
  return {
    name: "test",
    charges,
    async authorise({ amountCents, source, idempotencyKey }) {
      const earlier = byKey.get(idempotencyKey);
      if (earlier) return earlier;
      // Its card form is ours: a payment confirmed elsewhere is not one it made.
      if (!("card" in source)) return { ok: false, message: CHECKOUT_MESSAGES.paymentMismatch };
      const digits = cardDigits(source.card.number);
      const result: AuthoriseResult =
        digits === DECLINED_TEST_CARD
          ? { ok: false, message: CHECKOUT_MESSAGES.declined }
          : {
              ok: true,
              reference: `test_${randomBytes(9).toString("base64url")}`,
              brand: cardBrand(digits),
              last4: digits.slice(-4),
            };
      if (result.ok) charges.set(result.reference, { amountCents, captured: 0, refunded: 0, voided: false });
      byKey.set(idempotencyKey, result);
      return result;
    },
    async capture(reference, amountCents) {
      const charge = charges.get(reference);
      if (!charge || charge.voided) throw new Error(`test gateway: nothing to capture for ${reference}`);
      charge.captured = Math.min(charge.amountCents, amountCents);
    },
    async refund(reference, amountCents) {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`test gateway: no charge ${reference}`);
      charge.refunded = Math.min(charge.captured, charge.refunded + amountCents);
    },
    async void(reference) {
      const charge = charges.get(reference);
      if (charge && !charge.captured) charge.voided = true;
    },
  };
}
