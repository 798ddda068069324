import { DomainError, fieldMessage } from "../errors/domain-error.ts";

export const discountErrorCodes = ["DISCOUNT_NOT_FOUND", "DISCOUNT_EXISTS"] as const;
export type DiscountErrorCode = (typeof discountErrorCodes)[number];

export class DiscountNotFoundError extends DomainError<"DISCOUNT_NOT_FOUND"> {
  constructor() {
    super("DISCOUNT_NOT_FOUND", "Discount not found!");
  }
}

/** A code is created once: it keys the discount's stream. */
export class DiscountExistsError extends DomainError<"DISCOUNT_EXISTS"> {
  constructor() {
    super(
      "DISCOUNT_EXISTS",
      "A discount with this code already exists.",
      fieldMessage("code", "A discount with this code already exists."),
    );
  }
}
