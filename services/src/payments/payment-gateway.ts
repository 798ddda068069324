/** A card as the shopper typed it: held in memory for one request, never stored, logged or pushed. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  nameOnCard: string;
}

/**
 * What pays: a card typed into our own form (the test gateway), or a payment the browser already
 * confirmed with the gateway's own elements (Stripe), named by its reference and the tag it was
 * created with, so a payment made for another checkout (or an earlier round of this one) is refused.
 */
export type PaymentSource = { card: CardDetails } | { confirmed: { reference: string; tag: string } };

export type AuthoriseResult =
  | { ok: true; reference: string; brand: string; last4: string | null }
  | { ok: false; message: string };

/** What the payment page needs to show a gateway's own card form (Stripe's Payment Element). */
export interface BrowserPayment {
  publishableKey: string;
  clientSecret: string;
  reference: string;
}

/**
 * The payment port. `idempotencyKey` makes a retried authorise (a network hiccup, a crashed
 * attempt tried again) return the first answer instead of charging twice, as Stripe's keys do.
 */
export interface PaymentGateway {
  readonly name: string;
  /**
   * Present when the card is typed into the gateway's own elements in the browser: creates (once per
   * tag and amount) the payment the browser confirms. The card never reaches our server then.
   */
  browserPayment?(input: { amountCents: number; tag: string; monthly?: boolean }): Promise<BrowserPayment>;
  authorise(input: { amountCents: number; source: PaymentSource; idempotencyKey: string }): Promise<AuthoriseResult>;
  capture(reference: string, amountCents: number): Promise<void>;
  refund(reference: string, amountCents: number): Promise<void>;
  /** Gives back an authorisation that will not be captured (a later step of the order failed). */
  void(reference: string): Promise<void>;
  /**
   * Gives back all a charge still holds, from the gateway's own books: refunds what was captured and
   * not refunded, voids what was never captured; does nothing twice. An order step that failed calls
   * it whether or not it saw its capture succeed: a capture whose answer was lost (a timeout, a dead
   * connection) still took the money.
   */
  release?(reference: string, amountCents: number): Promise<void>;
  /**
   * The authorisation made with this idempotency key, if the gateway can look it up: the payment
   * reactor voids one whose process died before recording it. The test gateway reads its ledger.
   */
  authorisationFor?(idempotencyKey: string): Promise<string | null>;
  /**
   * Present when a shopper's browser can authorise a payment the shop never hears of (Stripe's Payment
   * Element confirmed, then the tab closed before the form was posted): the shop's own holds still
   * uncaptured that were made between `after` and `before`. The stale-hold sweep gives them back.
   */
  uncapturedHolds?(window: { after: Date; before: Date }): Promise<string[]>;
  /** Present when the gateway can repeat a gift each month. */
  monthly?: MonthlyGateway;
}

/** A month the gateway charged (or failed to) on a monthly gift's subscription: its notice, as the gift records it. */
export interface MonthlyCharge {
  /** Our gift's id, as given to `startMonthly` (Stripe echoes it from the subscription's metadata). */
  gift: string;
  subscription: string;
  /** The gateway's invoice: a month counts once, however often its notice arrives. */
  invoice: string;
  amountCents: number;
  paid: boolean;
  /** Why a month was not paid. */
  message: string | null;
}

/**
 * Monthly gifts (issue 26 §5): a subscription charging the card of a payment already made, from a
 * month after `now` (that payment was the first month). Its charges come back as `MonthlyCharge`
 * notices: Stripe's webhooks, or the test gateway's `chargeMonth`.
 */
export interface MonthlyGateway {
  startMonthly(input: {
    gift: string;
    amountCents: number;
    /** The reference of the first month's payment: its card pays the next months. */
    paidWith: string;
    email: string;
    description: string;
    now: Date;
  }): Promise<{ subscription: string }>;
  /** Ends the subscription now; one already ended is no error. */
  cancelMonthly(subscription: string): Promise<void>;
  /** The test gateway only: charges (or declines) the next month now, as its month would. */
  chargeMonth?(month: {
    subscription: string;
    gift: string;
    amountCents: number;
    decline: boolean;
  }): Promise<MonthlyCharge>;
}
