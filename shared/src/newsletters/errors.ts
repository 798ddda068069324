import { DomainError, fieldMessage } from "../errors/domain-error.ts";
import { NEWSLETTER_MESSAGES } from "./messages.ts";

export const newsletterErrorCodes = [
  "NEWSLETTER_LIST_NOT_FOUND",
  "NEWSLETTER_LIST_EXISTS",
  "NEWSLETTER_FORM_INVALID",
  "NEWSLETTER_LINK_INVALID",
  "NEWSLETTER_SUBSCRIBER_NOT_FOUND",
] as const;
export type NewsletterErrorCode = (typeof newsletterErrorCodes)[number];

export class NewsletterListNotFoundError extends DomainError<"NEWSLETTER_LIST_NOT_FOUND"> {
  constructor() {
    super("NEWSLETTER_LIST_NOT_FOUND", "Newsletter list not found.");
  }
}

export class NewsletterListExistsError extends DomainError<"NEWSLETTER_LIST_EXISTS"> {
  constructor() {
    super("NEWSLETTER_LIST_EXISTS", "This newsletter list already exists.");
  }
}

/** §5 Newsletter: the form's rules, on the field they are about. */
export class NewsletterFormInvalidError extends DomainError<"NEWSLETTER_FORM_INVALID"> {
  constructor(field: "lists" | "postal_code", message: string) {
    super("NEWSLETTER_FORM_INVALID", message, fieldMessage(field, message));
  }
  static noList() {
    return new NewsletterFormInvalidError("lists", NEWSLETTER_MESSAGES.noList);
  }
  static postalCodeRequired() {
    return new NewsletterFormInvalidError("postal_code", NEWSLETTER_MESSAGES.postalCodeRequired);
  }
}

/** A confirm or unsubscribe link that names nothing (mistyped, or an older confirmation mail). */
export class NewsletterLinkInvalidError extends DomainError<"NEWSLETTER_LINK_INVALID"> {
  constructor() {
    super("NEWSLETTER_LINK_INVALID", NEWSLETTER_MESSAGES.linkInvalid);
  }
}

export class NewsletterSubscriberNotFoundError extends DomainError<"NEWSLETTER_SUBSCRIBER_NOT_FOUND"> {
  constructor() {
    super("NEWSLETTER_SUBSCRIBER_NOT_FOUND", "Newsletter subscriber not found.");
  }
}
