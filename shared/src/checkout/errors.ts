import { DomainError, type FieldMessages } from "../errors/domain-error.ts";

export const checkoutErrorCodes = [
  "CHECKOUT_INVALID",
  "CHECKOUT_INVALID_STEP",
  "CHECKOUT_CART_CHANGED",
  "CHECKOUT_IN_PROGRESS",
  "PAYMENT_DECLINED",
  "PAYMENT_UNAVAILABLE",
  "PAYMENT_NOT_CONFIGURED",
  "PAYMENT_THROTTLED",
  "ORDER_SOLD_OUT",
  "DISCOUNT_USED_UP",
  "ORDER_NOT_FOUND",
] as const;
export type CheckoutErrorCode = (typeof checkoutErrorCodes)[number];

export const CHECKOUT_MESSAGES = {
  badData: "Invalid request syntax or bad data.",
  invalidStep: "Invalid step",
  fixErrors: "Please fix the errors and try again.",
  cartChanged: "Your cart has changed. Please check this step again.",
  declined: "Your card was declined.",
  paymentMismatch: "This payment does not match your order. Nothing was charged; please pay again.",
  paymentIncomplete: "Your payment was not completed. Please try again.",
  paymentUnavailable: "The payment service did not answer. Please try again in a moment.",
  paymentNotConfigured:
    "Card payments are not set up on this shop yet. Please choose another payment method or contact us.",
  paymentThrottled:
    "Too many card payments were declined. Please wait a while before trying again, or choose another payment method.",
  invalidCard: "Please enter a valid card number.",
  expired: "This card has expired.",
  invalidExpiry: "Please enter a valid expiration date.",
  invalidCvv: "Please enter a valid security code.",
  chooseNone: "Nothing is due: choose no payment.",
  choosePayment: "Please choose a payment method.",
  inProgress: "Your order is being placed. Please wait a moment and try again.",
  soldOut: (title: string) => `Sorry, "${title}" is sold out.`,
  usedUp: (code: string) => `The discount ${code} has been used up.`,
  orderNotFound: "Order not found.",
} as const;

/** A step's form with field errors: 'field: message' lines under 'Invalid request syntax or bad data.'. */
export class CheckoutFormError extends DomainError<"CHECKOUT_INVALID"> {
  constructor(fields: FieldMessages) {
    super("CHECKOUT_INVALID", CHECKOUT_MESSAGES.badData, fields);
  }
}

/** A step submitted before the ones it needs (or with an empty cart): the page goes to /store/cart/. */
export class CheckoutInvalidStepError extends DomainError<"CHECKOUT_INVALID_STEP"> {
  constructor() {
    super("CHECKOUT_INVALID_STEP", CHECKOUT_MESSAGES.invalidStep, { __all__: [CHECKOUT_MESSAGES.invalidStep] });
  }
}

/** The cart changed under the checkout: the answer's `step` is the one to do again. */
export class CheckoutCartChangedError extends DomainError<"CHECKOUT_CART_CHANGED"> {
  constructor(readonly step: number) {
    super("CHECKOUT_CART_CHANGED", CHECKOUT_MESSAGES.cartChanged);
  }
}

export class CheckoutInProgressError extends DomainError<"CHECKOUT_IN_PROGRESS"> {
  constructor() {
    super("CHECKOUT_IN_PROGRESS", CHECKOUT_MESSAGES.inProgress);
  }
}

/** The gateway refused the card; nothing was charged. */
export class PaymentDeclinedError extends DomainError<"PAYMENT_DECLINED"> {
  constructor(message: string = CHECKOUT_MESSAGES.declined) {
    super("PAYMENT_DECLINED", message, { card_number: [message] });
  }
}

/** The payment gateway did not answer (network, its 5xx) even after a retry; nothing is recorded. */
export class PaymentUnavailableError extends DomainError<"PAYMENT_UNAVAILABLE"> {
  constructor(readonly detail: string) {
    super("PAYMENT_UNAVAILABLE", CHECKOUT_MESSAGES.paymentUnavailable);
  }
}

/** The shop has no card gateway (PAYMENT_GATEWAY unset on a server): cards are refused before anything is taken. */
export class PaymentNotConfiguredError extends DomainError<"PAYMENT_NOT_CONFIGURED"> {
  constructor() {
    super("PAYMENT_NOT_CONFIGURED", CHECKOUT_MESSAGES.paymentNotConfigured, {
      payment_type: [CHECKOUT_MESSAGES.paymentNotConfigured],
    });
  }
}

/**
 * Too many declined card attempts for this checkout, address or card: refused before the gateway is
 * asked. `retryAfterSeconds` becomes the answer's Retry-After header.
 */
export class PaymentThrottledError extends DomainError<"PAYMENT_THROTTLED"> {
  constructor(readonly retryAfterSeconds: number) {
    super("PAYMENT_THROTTLED", CHECKOUT_MESSAGES.paymentThrottled);
  }
}

/** Someone bought the last copies first; nothing was charged. */
export class OrderSoldOutError extends DomainError<"ORDER_SOLD_OUT"> {
  constructor(title: string) {
    super("ORDER_SOLD_OUT", CHECKOUT_MESSAGES.soldOut(title));
  }
}

export class DiscountUsedUpError extends DomainError<"DISCOUNT_USED_UP"> {
  constructor(code: string) {
    super("DISCOUNT_USED_UP", CHECKOUT_MESSAGES.usedUp(code));
  }
}

export class OrderNotFoundError extends DomainError<"ORDER_NOT_FOUND"> {
  constructor() {
    super("ORDER_NOT_FOUND", CHECKOUT_MESSAGES.orderNotFound);
  }
}
