import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** One quick checkout submit, by its Idempotency-Key: a repeat finds the order the first one placed. */
export const quickCheckoutStream = (idempotencyKey: string) => `quick-checkout-${idempotencyKey}`;

const at = z.string();
/** A submit claimed its key: a second submit with the key waits for this attempt's outcome. */
export const QuickCheckoutStarted = defineEvent(
  "QuickCheckoutStarted",
  z.object({ attemptId: z.string(), sku: z.string(), at }),
);
/** The attempt failed (declined, sold out): nothing was charged; the key may be used again. */
export const QuickCheckoutFailed = defineEvent(
  "QuickCheckoutFailed",
  z.object({ attemptId: z.string(), code: z.string(), message: z.string(), at }),
);
export const QuickCheckoutCompleted = defineEvent(
  "QuickCheckoutCompleted",
  z.object({ attemptId: z.string(), orderNumber: z.string(), at }),
);

export const quickCheckoutEvents = [QuickCheckoutStarted, QuickCheckoutFailed, QuickCheckoutCompleted] as const;
export type QuickCheckoutEvent = EventOf<typeof quickCheckoutEvents>;
