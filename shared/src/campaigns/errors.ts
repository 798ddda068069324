import { DomainError, fieldMessage } from "../errors/domain-error.ts";

export const campaignErrorCodes = [
  "CAMPAIGN_NOT_FOUND",
  "CAMPAIGN_EXISTS",
  "CAMPAIGN_INVALID",
  "GIFT_NOT_FOUND",
  "GIFT_REFUNDED",
] as const;
export type CampaignErrorCode = (typeof campaignErrorCodes)[number];

export class CampaignNotFoundError extends DomainError<"CAMPAIGN_NOT_FOUND"> {
  constructor() {
    super("CAMPAIGN_NOT_FOUND", "Campaign not found.");
  }
}

/** A slug is taken once: it keys the campaign's stream. */
export class CampaignExistsError extends DomainError<"CAMPAIGN_EXISTS"> {
  constructor() {
    super(
      "CAMPAIGN_EXISTS",
      "A campaign with this slug already exists.",
      fieldMessage("slug", "A campaign with this slug already exists."),
    );
  }
}

export class CampaignDatesError extends DomainError<"CAMPAIGN_INVALID"> {
  constructor() {
    super(
      "CAMPAIGN_INVALID",
      "The campaign must end after it starts.",
      fieldMessage("ends", "The campaign must end after it starts."),
    );
  }
}

export class GiftNotFoundError extends DomainError<"GIFT_NOT_FOUND"> {
  constructor() {
    super("GIFT_NOT_FOUND", "Gift not found.");
  }
}

export class GiftRefundedError extends DomainError<"GIFT_REFUNDED"> {
  constructor() {
    super("GIFT_REFUNDED", "This gift was already refunded.");
  }
}
