import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** A discount's stream is keyed by its code (upper case): creating with no-stream makes codes unique. */
export const discountStream = (code: string) => `discount-${code}`;

const by = z.object({ id: z.string(), name: z.string() }).nullable();

/** What staff set on a discount; the rule engine (`rules.ts`) reads exactly these. */
export const DiscountTerms = z.object({
  description: z.string(),
  /** Percent off the goods (donations excluded); null when the discount is an amount. */
  percentOff: z.number().int().min(0).max(100).nullable(),
  amountOffCents: z.number().int().nonnegative().nullable(),
  minSubtotalCents: z.number().int().nonnegative(),
  requiresUser: z.boolean(),
  /** A user group the shopper must belong to (today: 'staff'), or null. */
  requiresGroup: z.string().nullable(),
  /** Every one of these SKU codes must be in the cart. */
  requiredSkus: z.array(z.string()),
  /** How many of the required SKUs (or of all goods when none are named) the cart must hold. */
  requiredQuantity: z.number().int().nonnegative(),
  /** ISO times; null means open-ended. */
  starts: z.string().nullable(),
  ends: z.string().nullable(),
  /** Use limits, enforced when an order is placed (#7). */
  maxUses: z.number().int().positive().nullable(),
  maxUsesPerCustomer: z.number().int().positive().nullable(),
  active: z.boolean(),
  /** The discount takes shipping off (older events: false). */
  freeShipping: z.boolean().default(false),
  /** The shipping methods (rate codes) it makes free; empty: every method. */
  freeShippingMethods: z.array(z.string()).default([]),
});
export type DiscountTerms = z.infer<typeof DiscountTerms>;

export const DiscountCreated = defineEvent(
  "DiscountCreated",
  DiscountTerms.extend({ id: z.number().int(), code: z.string(), createdAt: z.string(), by }),
);
export const DiscountUpdated = defineEvent(
  "DiscountUpdated",
  DiscountTerms.extend({ id: z.number().int(), code: z.string(), updatedAt: z.string(), by }),
);

export const discountEvents = [DiscountCreated, DiscountUpdated] as const;
export type DiscountEvent = EventOf<typeof discountEvents>;
