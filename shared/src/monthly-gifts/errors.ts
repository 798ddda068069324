import { DomainError } from "../errors/domain-error.ts";
import { MONTHLY_GIFT_MESSAGES } from "./messages.ts";

export const monthlyGiftErrorCodes = ["MONTHLY_GIFT_NOT_FOUND", "MONTHLY_GIFT_CANCELLED"] as const;
export type MonthlyGiftErrorCode = (typeof monthlyGiftErrorCodes)[number];

/** No such monthly gift, or (for a shopper) not theirs: the same answer, so ids cannot be probed. */
export class MonthlyGiftNotFoundError extends DomainError<MonthlyGiftErrorCode> {
  constructor() {
    super("MONTHLY_GIFT_NOT_FOUND", MONTHLY_GIFT_MESSAGES.notFound);
  }
}

/** The gift was cancelled already: nothing is written, nothing is asked of the gateway. */
export class MonthlyGiftCancelledError extends DomainError<MonthlyGiftErrorCode> {
  constructor() {
    super("MONTHLY_GIFT_CANCELLED", MONTHLY_GIFT_MESSAGES.alreadyCancelled);
  }
}
