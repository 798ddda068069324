import { BACK_OFFICE_MESSAGES } from "../domain/messages.ts";
import { DomainError, type FieldMessages } from "../errors/domain-error.ts";

export const keywordErrorCodes = ["KEYWORD_INVALID", "KEYWORD_EXISTS"] as const;
export type KeywordErrorCode = (typeof keywordErrorCodes)[number];

/** A keyword that cannot be created (a bad slug, a name or slug in use): back-office §8's alert and the reasons. */
export class KeywordInvalidError extends DomainError<"KEYWORD_INVALID"> {
  constructor(fields: FieldMessages) {
    super("KEYWORD_INVALID", BACK_OFFICE_MESSAGES.keywordCreationFailed, fields);
  }
}

/** The keyword's stream already exists (a create raced another with the same id). */
export class KeywordExistsError extends DomainError<"KEYWORD_EXISTS"> {
  constructor() {
    super("KEYWORD_EXISTS", "This keyword already exists.");
  }
}
