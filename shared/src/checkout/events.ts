import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { asRecord, sealedOrClear } from "../personal-data/sealed.ts";
import { Address } from "./api.ts";

/** One checkout per cart at a time: `checkout-{cartId}`; a billing step after a completed one starts the next. */
export const checkoutStream = (cartId: string) => `checkout-${cartId}`;

const at = z.string();
export const Billing = Address.extend({ email: z.string(), org_name: z.string() });
export type Billing = z.infer<typeof Billing>;

/** Where the order goes: the shipping address when something ships, the download email when something is digital. */
export const Delivery = z.object({ shipping: Address.nullable(), digitalEmail: z.string().nullable() });
export type Delivery = z.infer<typeof Delivery>;

/**
 * Step 1: who pays (the signed-in user, if any). Starts a fresh checkout after a completed one.
 * Version 2 seals the billing with the person's key (the user's, or a guest's per email); version 1
 * held it in clear and reads as `{ clear }`.
 */
export const CheckoutBillingGiven = defineEvent(
  "CheckoutBillingGiven",
  z.object({ billing: sealedOrClear(Billing), userId: z.string().nullable(), at }),
  {
    version: 2,
    upcast: (data, from) => (from < 2 ? { ...asRecord(data), billing: { clear: asRecord(data).billing } } : data),
  },
);
/**
 * Step 2: where it goes, sealed with the payer's key (version 1: in clear); `ships`/`digital` say what
 * the cart held then (a change sends the shopper back).
 */
export const CheckoutDeliveryGiven = defineEvent(
  "CheckoutDeliveryGiven",
  z.object({ delivery: sealedOrClear(Delivery), ships: z.boolean(), digital: z.boolean(), at }),
  {
    version: 2,
    upcast: (data, from) => {
      if (from >= 2) return data;
      const { shipping, digitalEmail, ...rest } = asRecord(data);
      return { ...rest, delivery: { clear: { shipping, digitalEmail } } };
    },
  },
);
/** Step 3: the method, priced for the cart at `cartVersion`. */
export const CheckoutShippingChosen = defineEvent(
  "CheckoutShippingChosen",
  z.object({
    method: z.string(),
    label: z.string(),
    cents: z.number().int().nonnegative(),
    cartVersion: z.number().int(),
    at,
  }),
);
/** Step 4 submitted: this attempt holds the checkout; a second submit waits for its outcome. */
export const CheckoutPaymentStarted = defineEvent(
  "CheckoutPaymentStarted",
  z.object({ attemptId: z.string(), idempotencyKey: z.string().nullable(), at }),
);
/** The attempt failed (declined, sold out, a use limit): nothing was charged, stock and uses went back. */
export const CheckoutPaymentFailed = defineEvent(
  "CheckoutPaymentFailed",
  z.object({ attemptId: z.string(), code: z.string(), message: z.string(), field: z.string().nullable(), at }),
);
export const CheckoutCompleted = defineEvent(
  "CheckoutCompleted",
  z.object({ attemptId: z.string(), idempotencyKey: z.string().nullable(), orderNumber: z.string(), at }),
);

export const checkoutEvents = [
  CheckoutBillingGiven,
  CheckoutDeliveryGiven,
  CheckoutShippingChosen,
  CheckoutPaymentStarted,
  CheckoutPaymentFailed,
  CheckoutCompleted,
] as const;
export type CheckoutEvent = EventOf<typeof checkoutEvents>;

/** A shipping method of the rate table: a base price, a price per further item, free from a goods total. */
export const ShippingRate = z.object({
  code: z.string().regex(/^[a-z0-9_-]{1,50}$/),
  label: z.string().min(1).max(200),
  baseCents: z.number().int().nonnegative(),
  perItemCents: z.number().int().nonnegative(),
  freeOverCents: z.number().int().positive().nullable(),
});
export type ShippingRate = z.infer<typeof ShippingRate>;

/** The rate table staff edit in the back office: one setting stream. */
export const SHIPPING_RATES_STREAM = "setting-shipping-rates";
export const ShippingRatesSet = defineEvent(
  "ShippingRatesSet",
  z.object({ rates: z.array(ShippingRate).min(1), at, by: z.object({ id: z.string(), name: z.string() }).nullable() }),
);
export const shippingRateEvents = [ShippingRatesSet] as const;
