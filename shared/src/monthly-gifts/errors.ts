import { DomainError } from "../errors/domain-error.ts";
import { MONTHLY_GIFT_MESSAGES } from "./messages.ts";

export const monthlyGiftErrorCodes = [
  "MONTHLY_GIFT_NOT_FOUND",
  "MONTHLY_GIFT_CANCELLED",
  "MONTHLY_GIFT_OTHER_GATEWAY",
] as const;
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

/**
 * The gift's subscription is at another payment provider than the one the shop runs now (a Stripe gift
 * while the shop is in test mode): only that provider can stop its months, so nothing is written here.
 * Staff are told where; the giver is told to ask the shop.
 */
export class MonthlyGiftOtherGatewayError extends DomainError<MonthlyGiftErrorCode> {
  constructor(who: "shopper" | "staff", provider: string) {
    super(
      "MONTHLY_GIFT_OTHER_GATEWAY",
      who === "staff" ? MONTHLY_GIFT_MESSAGES.otherGatewayStaff(provider) : MONTHLY_GIFT_MESSAGES.otherGateway,
    );
  }
}
