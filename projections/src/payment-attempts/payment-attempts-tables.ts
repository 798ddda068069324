/**
 * payment_attempts: each checkout payment attempt's journal, in short, so the payment reactor finds the
 * ones a dead process left unsettled (services/src/checkout/payment-reactor.ts).
 */
export interface PaymentAttemptsTable {
  attempt_id: string;
  started_at: string;
  /** When the journal last moved: the reactor leaves an attempt alone while it is younger than its quiet time. */
  updated_at: string;
  /** null while unsettled; else "finished" or "undone". */
  settled: string | null;
  /** The reactor settled it (the process that began it died). */
  resumed: boolean;
}

export interface PaymentAttemptsTables {
  payment_attempts: PaymentAttemptsTable;
}
