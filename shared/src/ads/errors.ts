import { DomainError } from "../errors/domain-error.ts";

export const adErrorCodes = ["AD_NOT_FOUND", "AD_EXISTS"] as const;
export type AdErrorCode = (typeof adErrorCodes)[number];

export class AdNotFoundError extends DomainError<"AD_NOT_FOUND"> {
  constructor() {
    super("AD_NOT_FOUND", "Ad not found.");
  }
}

/** An id names one ad's stream; adding it twice (a retried create) is refused. */
export class AdExistsError extends DomainError<"AD_EXISTS"> {
  constructor() {
    super("AD_EXISTS", "This ad already exists.");
  }
}
