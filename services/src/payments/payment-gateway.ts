/** A card as the shopper typed it: held in memory for one request, never stored, logged or pushed. */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  nameOnCard: string;
}

export type AuthoriseResult =
  | { ok: true; reference: string; brand: string; last4: string }
  | { ok: false; message: string };

/**
 * The payment port. `idempotencyKey` makes a retried authorise (a network hiccup, a crashed
 * attempt tried again) return the first answer instead of charging twice, as Stripe's keys do.
 */
export interface PaymentGateway {
  readonly name: string;
  authorise(input: { amountCents: number; card: CardDetails; idempotencyKey: string }): Promise<AuthoriseResult>;
  capture(reference: string, amountCents: number): Promise<void>;
  refund(reference: string, amountCents: number): Promise<void>;
  /** Gives back an authorisation that will not be captured (a later step of the order failed). */
  void(reference: string): Promise<void>;
}
