import { createHmac, randomBytes } from "node:crypto";
import { PaymentDeclinedError, PaymentThrottledError } from "@shop/shared";
import { RateLimiterMemory } from "../platform/rate-limiters.ts";
import type { CardDetails, PaymentSource } from "./payment-gateway.ts";

/**
 * Declined card attempts allowed before the next attempt is refused (429) without asking the gateway,
 * each times RATE_LIMIT_MULTIPLIER. Only declines count: a shop behind one proxy address keeps selling.
 */
export const CARD_DECLINE_LIMITS = {
  /** One checkout (the four steps' cart, or the quick checkout's browser): a shopper mistyping gets five tries. */
  perCheckout: { points: 5, windowSeconds: 15 * 60 },
  /** One client address across checkouts: a card tester opening a new cart for every try. */
  perAddress: { points: 10, windowSeconds: 60 * 60 },
  /** One card (last four, expiry and name) across checkouts and addresses: a botnet trying one stolen card. */
  perCard: { points: 5, windowSeconds: 24 * 60 * 60 },
};

/** What an attempt is counted by; `card` is absent when the card never reached us (Stripe's own elements). */
export interface CardAttemptKeys {
  checkout: string;
  address: string;
  card?: CardDetails;
}

export interface CardAttemptThrottle {
  /** Throws PaymentThrottledError when any limit is spent: called before the gateway is asked. */
  check(keys: CardAttemptKeys): Promise<void>;
  /** The gateway declined: counts against every limit. */
  declined(keys: CardAttemptKeys): Promise<void>;
}

/**
 * Per process (memory): an attacker spread over several processes gets the limits once per process.
 * The card's fingerprint is an HMAC with a key made at start-up, so not even memory holds a value
 * that could be matched against a list of cards; the number itself is never part of it.
 */
export function createCardAttemptThrottle(multiplier = 1, limits = CARD_DECLINE_LIMITS): CardAttemptThrottle {
  const secret = randomBytes(32);
  const limiter = (prefix: string, limit: { points: number; windowSeconds: number }) =>
    new RateLimiterMemory({ keyPrefix: prefix, points: limit.points * multiplier, duration: limit.windowSeconds });
  const byCheckout = limiter("card-checkout", limits.perCheckout);
  const byAddress = limiter("card-address", limits.perAddress);
  const byCard = limiter("card-fingerprint", limits.perCard);
  const fingerprint = (card: CardDetails) =>
    createHmac("sha256", secret)
      .update(
        [
          card.number.slice(-4),
          card.expMonth,
          card.expYear,
          card.nameOnCard.trim().toLowerCase().replace(/\s+/g, " "),
        ].join("|"),
      )
      .digest("base64url");
  const counters = (keys: CardAttemptKeys) => [
    { limiter: byCheckout, key: keys.checkout },
    { limiter: byAddress, key: keys.address },
    ...(keys.card ? [{ limiter: byCard, key: fingerprint(keys.card) }] : []),
  ];
  return {
    async check(keys) {
      let waitMs = 0;
      for (const { limiter, key } of counters(keys)) {
        const spent = await limiter.get(key);
        if (spent && spent.consumedPoints >= limiter.points) waitMs = Math.max(waitMs, spent.msBeforeNext);
      }
      if (waitMs > 0) throw new PaymentThrottledError(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async declined(keys) {
      for (const { limiter, key } of counters(keys)) await limiter.penalty(key, 1);
    },
  };
}

/**
 * Before a card is sent to the gateway: the keys it counts by, once no limit is spent (else a 429).
 * Null for a check or a free order, which no limit counts.
 */
export async function checkCardAttempt(
  throttle: CardAttemptThrottle,
  payment: { type: string; source?: PaymentSource },
  where: { checkout: string; address: string },
): Promise<CardAttemptKeys | null> {
  if (payment.type !== "card" || !payment.source) return null;
  const keys = { ...where, card: "card" in payment.source ? payment.source.card : undefined };
  await throttle.check(keys);
  return keys;
}

/** After an attempt failed: a decline counts against its limits; any other failure (sold out, gateway down) does not. */
export async function countIfDeclined(throttle: CardAttemptThrottle, keys: CardAttemptKeys | null, error: unknown) {
  if (keys && error instanceof PaymentDeclinedError) await throttle.declined(keys);
}
