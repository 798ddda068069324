import { DomainError } from "../errors/domain-error.ts";

export const addressErrorCodes = ["ADDRESS_NOT_FOUND"] as const;
export type AddressErrorCode = (typeof addressErrorCodes)[number];

/** No such address in the signed-in account's book (another's, removed, or never there). */
export class AddressNotFoundError extends DomainError<"ADDRESS_NOT_FOUND"> {
  constructor() {
    super("ADDRESS_NOT_FOUND", "This address is not in your address book.");
  }
}
