import { z } from "zod";
import { DiscountTerms } from "../discounts/events.ts";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { OrderLine, OrderTotals } from "../orders/events.ts";
import { Sealed } from "../personal-data/sealed.ts";

/**
 * The journal of one payment attempt (issue 23, point 1): `payment-attempt-{attemptId}`. Each step is
 * recorded before it acts, so a process that dies anywhere leaves a log the leader's reactor can finish
 * (paid and stock taken: place the order) or undo (stock and uses back, the authorisation voided) from
 * alone. The card itself is never in it: only what the gateway answered.
 */
export const paymentAttemptStream = (attemptId: string) => `payment-attempt-${attemptId}`;

/** Where the attempt's outcome is also recorded, so a shopper's retry answers it: the checkout, or a quick checkout. */
export const AttemptOrigin = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("checkout"), cartId: z.string(), idempotencyKey: z.string().nullable() }),
  z.object({ kind: z.literal("quick"), stream: z.string(), sku: z.string() }),
]);
export type AttemptOrigin = z.infer<typeof AttemptOrigin>;

/** What the order will be, but its number and payment: everything the reactor needs to place it. */
export const AttemptDraft = z.object({
  cartId: z.string(),
  userId: z.string().nullable(),
  customer: z.string(),
  personal: Sealed,
  ships: z.boolean(),
  lines: z.array(OrderLine),
  discounts: z.array(z.object({ code: z.string(), description: z.string(), amountCents: z.number().int() })),
  discountTerms: z.array(DiscountTerms.extend({ id: z.number(), code: z.string() })),
  shippingMethod: z.object({ code: z.string(), label: z.string(), cents: z.number().int() }).nullable(),
  totals: OrderTotals,
  paymentType: z.enum(["card", "check", "none"]),
});
export type AttemptDraft = z.infer<typeof AttemptDraft>;

const at = z.string();
const attemptId = z.string();

/** Before anything is paid or taken. A card is then authorised with the attempt id as its idempotency key. */
export const PaymentAttemptStarted = defineEvent(
  "PaymentAttemptStarted",
  z.object({ attemptId, origin: AttemptOrigin, draft: AttemptDraft, at }),
);
/** The gateway authorised the card: the reference to capture, or to void if the attempt is undone. */
export const PaymentAttemptAuthorised = defineEvent(
  "PaymentAttemptAuthorised",
  z.object({ attemptId, reference: z.string(), brand: z.string(), last4: z.string().nullable(), at }),
);
/** The order's number, before OrderPlaced: a resumed attempt places the order under the same number. */
export const PaymentAttemptNumbered = defineEvent(
  "PaymentAttemptNumbered",
  z.object({ attemptId, number: z.string(), at }),
);
/** Done: the order is placed and what follows it (gifts, the cart emptied) ran. `resumed`: by the reactor. */
export const PaymentAttemptFinished = defineEvent(
  "PaymentAttemptFinished",
  z.object({ attemptId, number: z.string(), resumed: z.boolean(), at }),
);
/** Given up: stock and uses put back, the authorisation voided; `reason` is the refusal's code, or why the reactor undid it. */
export const PaymentAttemptUndone = defineEvent(
  "PaymentAttemptUndone",
  z.object({ attemptId, reason: z.string(), resumed: z.boolean(), at }),
);

/**
 * The payment reactor took the attempt over (it went quiet): from here the request that began it
 * records no card and no number; the reactor finishes or undoes it. Written at the journal's version
 * the reactor read, so it lands only if the request wrote nothing meanwhile.
 */
export const PaymentAttemptTakenOver = defineEvent("PaymentAttemptTakenOver", z.object({ attemptId, at }));

export const paymentAttemptEvents = [
  PaymentAttemptStarted,
  PaymentAttemptAuthorised,
  PaymentAttemptNumbered,
  PaymentAttemptFinished,
  PaymentAttemptUndone,
  PaymentAttemptTakenOver,
] as const;
export type PaymentAttemptEvent = EventOf<typeof paymentAttemptEvents>;
