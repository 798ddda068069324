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
  browserPayment?(input: { amountCents: number; tag: string }): Promise<BrowserPayment>;
  authorise(input: { amountCents: number; source: PaymentSource; idempotencyKey: string }): Promise<AuthoriseResult>;
  capture(reference: string, amountCents: number): Promise<void>;
  refund(reference: string, amountCents: number): Promise<void>;
  /** Gives back an authorisation that will not be captured (a later step of the order failed). */
  void(reference: string): Promise<void>;
  /**
   * The authorisation made with this idempotency key, if the gateway can look it up: the payment
   * reactor voids one whose process died before recording it. The test gateway reads its ledger.
   */
  authorisationFor?(idempotencyKey: string): Promise<string | null>;
}
