import {
  CHECKOUT_MESSAGES,
  CheckoutCartChangedError,
  CheckoutFormError,
  CheckoutInvalidStepError,
  cardDigits,
  cardExpired,
  deliveryFieldErrors,
  passesLuhn,
  type Billing,
  type CheckoutDeliveryRequest,
  type CheckoutEvent,
  type CheckoutPaymentRequest,
  type Delivery,
  type SealedOrClear,
  type ShippingRate,
} from "@shop/shared";
import type { PaymentSource } from "../payments/payment-gateway.ts";
import type { Checkout } from "./checkout.ts";

/** What of the cart the steps depend on, read when the step is taken. */
export interface CartFacts {
  empty: boolean;
  /** Something physical is in the cart (not digital, not a donation). */
  ships: boolean;
  digital: boolean;
  /** How many physical items, and their goods total after discounts: what shipping is priced on. */
  shippedItems: number;
  goodsCents: number;
  /** The methods a free-shipping discount in the cart makes free: "all", or rate codes (empty: none). */
  freeShipping: "all" | readonly string[];
  version: number;
}

const at = (now: Date) => now.toISOString();

/**
 * Step 1: billing (checked by its request schema, then sealed with the payer's key by the caller).
 * Needs a cart with something in it; a completed checkout starts again here.
 */
export function decideInfo(
  _state: Checkout,
  billing: SealedOrClear<Billing>,
  cart: CartFacts,
  meta: { userId: string | null; now: Date },
): CheckoutEvent[] {
  if (cart.empty) throw new CheckoutInvalidStepError();
  return [{ type: "CheckoutBillingGiven", data: { billing, userId: meta.userId, at: at(meta.now) } }];
}

/** An open checkout with billing given, over a cart that still holds something. */
function open(
  state: Checkout,
  cart: CartFacts,
): asserts state is Checkout & { billing: NonNullable<Checkout["billing"]> } {
  if (cart.empty || state.placed || !state.billing) throw new CheckoutInvalidStepError();
}

/**
 * Step 2: the ship_* fields when something ships, the digital email when something is digital. Next:
 * 3, or 4 when nothing ships. Answers the delivery to seal; `deliveryGiven` makes the event of the box.
 */
export function decideDelivery(
  state: Checkout,
  input: CheckoutDeliveryRequest,
  cart: CartFacts,
): { delivery: Delivery; step: number } {
  open(state, cart);
  const errors = deliveryFieldErrors(input, cart);
  if (Object.keys(errors).length) throw new CheckoutFormError(errors);
  const shipping = cart.ships
    ? {
        first_name: input.ship_first_name,
        last_name: input.ship_last_name,
        street1: input.ship_street1,
        street2: input.ship_street2,
        city: input.ship_city,
        state: input.ship_state,
        postal_code: input.ship_postal_code,
        country: input.ship_country,
      }
    : null;
  const digitalEmail = cart.digital ? input.digital_email : null;
  return { delivery: { shipping, digitalEmail }, step: cart.ships ? 3 : 4 };
}

/** The event of step 2, the delivery sealed with the payer's key. */
export function deliveryGiven(delivery: SealedOrClear<Delivery>, cart: CartFacts, now: Date): CheckoutEvent {
  return { type: "CheckoutDeliveryGiven", data: { delivery, ships: cart.ships, digital: cart.digital, at: at(now) } };
}

/** The delivery given still fits the cart: what ships and what is digital did not change since step 2. */
function delivered(state: Checkout, cart: CartFacts): NonNullable<Checkout["delivery"]> {
  open(state, cart);
  if (!state.delivery) throw new CheckoutInvalidStepError();
  if (state.delivery.ships !== cart.ships || state.delivery.digital !== cart.digital)
    throw new CheckoutCartChangedError(2);
  return state.delivery;
}

/** Whether the shipping step may be shown or taken now (after delivery, when something ships). */
export function checkShippingStep(state: Checkout, cart: CartFacts) {
  delivered(state, cart);
  if (!cart.ships) throw new CheckoutInvalidStepError();
}

export interface PricedMethod {
  code: string;
  label: string;
  cents: number;
}

/** Each method of the rate table priced for this cart: base plus each further item, free above its threshold or with a free-shipping discount. */
export function priceShipping(rates: readonly ShippingRate[], cart: CartFacts): PricedMethod[] {
  return rates.map((rate) => {
    const discounted = cart.freeShipping === "all" || cart.freeShipping.includes(rate.code);
    const free = discounted || (rate.freeOverCents !== null && cart.goodsCents >= rate.freeOverCents);
    const cents = free ? 0 : rate.baseCents + rate.perItemCents * Math.max(0, cart.shippedItems - 1);
    return { code: rate.code, label: rate.label, cents };
  });
}

/** Step 3: one of the offered methods, priced for the cart as it is now. Next: 4. */
export function decideShipping(
  state: Checkout,
  method: string,
  methods: readonly PricedMethod[],
  cart: CartFacts,
  now: Date,
): CheckoutEvent[] {
  checkShippingStep(state, cart);
  const chosen = methods.find((m) => m.code === method);
  if (!chosen) throw new CheckoutFormError({ shipping_method: ["Select a valid choice."] });
  return [
    {
      type: "CheckoutShippingChosen",
      data: { method: chosen.code, label: chosen.label, cents: chosen.cents, cartVersion: cart.version, at: at(now) },
    },
  ];
}

/** Step 4 may be shown or taken: delivery fits the cart, and shipping was chosen for this very cart when something ships. */
export function checkPaymentStep(state: Checkout, cart: CartFacts): { shippingCents: number } {
  delivered(state, cart);
  if (!cart.ships) return { shippingCents: 0 };
  if (!state.shipping) throw new CheckoutInvalidStepError();
  if (state.shipping.cartVersion !== cart.version) throw new CheckoutCartChangedError(3);
  return { shippingCents: state.shipping.cents };
}

export type PaymentChoice = { type: "card"; source: PaymentSource } | { type: "check" } | { type: "none" };

/**
 * The payment form: a card that passes Luhn and has not expired, a check, or none only when nothing is
 * due. When the card is confirmed in the browser (`confirmedTag`: Stripe's elements), the card choice
 * is the confirmed payment's id instead, and the card fields are never read.
 */
export function decidePaymentChoice(
  input: CheckoutPaymentRequest,
  totalCents: number,
  now: Date,
  confirmedTag: string | null = null,
): PaymentChoice {
  if (totalCents === 0) {
    if (input.payment_type !== "none") throw new CheckoutFormError({ payment_type: [CHECKOUT_MESSAGES.chooseNone] });
    return { type: "none" };
  }
  if (input.payment_type === "none") throw new CheckoutFormError({ payment_type: [CHECKOUT_MESSAGES.choosePayment] });
  if (input.payment_type === "check") return { type: "check" };
  if (confirmedTag !== null) {
    if (!input.payment_intent) throw new CheckoutFormError({ payment_intent: ["This field is required."] });
    return { type: "card", source: { confirmed: { reference: input.payment_intent, tag: confirmedTag } } };
  }
  const errors: Record<string, string[]> = {};
  const required = ["card_number", "exp_month", "exp_year", "cvv", "name_on_card"] as const;
  for (const name of required) if (!input[name]) errors[name] = ["This field is required."];
  const digits = cardDigits(input.card_number);
  if (input.card_number && !passesLuhn(digits)) errors.card_number = [CHECKOUT_MESSAGES.invalidCard];
  const month = Number(input.exp_month);
  const year = Number(input.exp_year);
  if (input.exp_month && (!Number.isInteger(month) || month < 1 || month > 12))
    errors.exp_month = [CHECKOUT_MESSAGES.invalidExpiry];
  else if (input.exp_year && !/^\d{2}(\d{2})?$/.test(input.exp_year))
    errors.exp_year = [CHECKOUT_MESSAGES.invalidExpiry];
  else if (input.exp_month && input.exp_year && cardExpired(month, year, now))
    errors.exp_year = [CHECKOUT_MESSAGES.expired];
  if (input.cvv && !/^\d{3,4}$/.test(input.cvv)) errors.cvv = [CHECKOUT_MESSAGES.invalidCvv];
  if (Object.keys(errors).length) throw new CheckoutFormError(errors);
  return {
    type: "card",
    source: {
      card: {
        number: digits,
        expMonth: month,
        expYear: year < 100 ? 2000 + year : year,
        cvv: input.cvv,
        nameOnCard: input.name_on_card,
      },
    },
  };
}
