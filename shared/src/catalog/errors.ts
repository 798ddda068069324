import { DomainError, type FieldMessages } from "../errors/domain-error.ts";
import { INVALID_REQUEST } from "../errors/request-errors.ts";

/** Products' and SKUs' refusals; a save against an old version is the shared `StaleVersionError`. */
export const catalogErrorCodes = [
  "PRODUCT_NOT_FOUND",
  "PRODUCT_EXISTS",
  "PRODUCT_INVALID",
  "SKU_NOT_FOUND",
  "SKU_EXISTS",
  "SKU_INVALID",
] as const;
export type CatalogErrorCode = (typeof catalogErrorCodes)[number];

export class ProductNotFoundError extends DomainError<"PRODUCT_NOT_FOUND"> {
  constructor() {
    super("PRODUCT_NOT_FOUND", "This product does not exist.");
  }
}

export class ProductExistsError extends DomainError<"PRODUCT_EXISTS"> {
  constructor() {
    super("PRODUCT_EXISTS", "This product already exists.");
  }
}

/** A product whose fields break a rule (a blank title, a bad slug...), by field; nothing is written. */
export class ProductInvalidError extends DomainError<"PRODUCT_INVALID"> {
  constructor(fields: FieldMessages) {
    super("PRODUCT_INVALID", INVALID_REQUEST, fields);
  }
}

export class SkuNotFoundError extends DomainError<"SKU_NOT_FOUND"> {
  constructor() {
    super("SKU_NOT_FOUND", "This SKU does not exist.");
  }
}

export class SkuExistsError extends DomainError<"SKU_EXISTS"> {
  constructor() {
    super("SKU_EXISTS", "This SKU already exists.");
  }
}

/** A SKU whose code, price tiers or stock break a rule, by field; nothing is written. */
export class SkuInvalidError extends DomainError<"SKU_INVALID"> {
  constructor(fields: FieldMessages) {
    super("SKU_INVALID", INVALID_REQUEST, fields);
  }
}
