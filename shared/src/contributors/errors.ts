import { DomainError } from "../errors/domain-error.ts";

export const contributorErrorCodes = ["ROLE_NOT_FOUND"] as const;
export type ContributorErrorCode = (typeof contributorErrorCodes)[number];

export const ROLE_NOT_FOUND = "This contributor role does not exist.";

export class RoleNotFoundError extends DomainError<"ROLE_NOT_FOUND"> {
  constructor() {
    super("ROLE_NOT_FOUND", ROLE_NOT_FOUND);
  }
}
