import {
  CheckoutCartChangedError,
  type DomainError,
  type ErrorCode,
  isErrorCode,
  formatFieldErrors,
  NodeWarningsError,
  RecordLockedError,
  StaleVersionError,
} from "@shop/shared";

/**
 * The HTTP status of every error code: the one place a refusal gets its status. A feature adding
 * codes to `ERROR_CODES` (shared/src/errors/codes.ts) must add them here, or this fails to compile.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
  UNKNOWN_RECORD: 400,
  CONCURRENT_CHANGE: 409,
  STALE_VERSION: 409,
  NOT_VISIBLE_YET: 503,
  LOGIN_REQUIRED: 401,
  STAFF_REQUIRED: 403,
  CSRF_FAILED: 403,
  REQUEST_TOO_LARGE: 413,
  UNSUPPORTED_ENCODING: 415,
  SERVER_ERROR: 500,
  LOGIN_FAILED: 400,
  LOGIN_DISABLED: 400,
  LOGIN_THROTTLED: 429,
  NO_SUCH_USER: 404,
  USER_EXISTS: 409,
  EMAIL_TAKEN: 409,
  RESET_LINK_INVALID: 400,
  SIGNUP_THROTTLED: 429,
  RESET_THROTTLED: 429,
  PASSWORD_WORK_BUSY: 503,
  ADDRESS_NOT_FOUND: 404,
  NODE_NOT_FOUND: 404,
  NODE_INVALID: 400,
  NODE_HAS_WARNINGS: 400,
  NODE_EXISTS: 409,
  URL_TAKEN: 400,
  INVALID_PARENT: 400,
  UNKNOWN_KEYWORD: 400,
  PAGE_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  KEYWORD_INVALID: 400,
  KEYWORD_EXISTS: 409,
  ALREADY_LOCKED: 409,
  ALREADY_SCHEDULED: 409,
  ALREADY_RAN: 409,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_EXISTS: 409,
  PRODUCT_INVALID: 400,
  SKU_NOT_FOUND: 404,
  SKU_EXISTS: 409,
  SKU_INVALID: 400,
  CART_ITEM_NOT_FOUND: 400,
  CART_ITEM_INACTIVE: 400,
  CART_ITEM_SOLD_OUT: 400,
  CART_TOO_MUCH: 400,
  CART_FREE_DOWNLOADS_OVER: 400,
  CART_FREE_DOWNLOADS_NO_SUBSCRIPTION: 400,
  CART_NOT_A_FREE_DOWNLOAD: 400,
  CART_NOT_A_SUBSCRIPTION: 400,
  CART_NO_ITEMS: 400,
  WISHLIST_ITEM_NOT_FOUND: 400,
  WISHLIST_ITEM_INACTIVE: 400,
  WISHLIST_DONATION: 400,
  WISHLIST_FULL: 400,
  DISCOUNT_NOT_FOUND: 404,
  DISCOUNT_EXISTS: 400,
  CAMPAIGN_NOT_FOUND: 404,
  RADIO_STATION_NOT_FOUND: 404,
  RADIO_STATION_EXISTS: 400,
  AD_NOT_FOUND: 404,
  AD_EXISTS: 400,
  NEWSLETTER_LIST_NOT_FOUND: 404,
  NEWSLETTER_LIST_EXISTS: 400,
  NEWSLETTER_FORM_INVALID: 400,
  NEWSLETTER_LINK_INVALID: 400,
  NEWSLETTER_SUBSCRIBER_NOT_FOUND: 404,
  CAMPAIGN_EXISTS: 400,
  CAMPAIGN_INVALID: 400,
  GIFT_NOT_FOUND: 404,
  GIFT_REFUNDED: 409,
  CHECKOUT_INVALID: 400,
  CHECKOUT_INVALID_STEP: 400,
  CHECKOUT_CART_CHANGED: 409,
  CHECKOUT_IN_PROGRESS: 409,
  PAYMENT_DECLINED: 402,
  PAYMENT_UNAVAILABLE: 502,
  PAYMENT_NOT_CONFIGURED: 400,
  PAYMENT_THROTTLED: 429,
  ORDER_SOLD_OUT: 409,
  DISCOUNT_USED_UP: 409,
  ORDER_NOT_FOUND: 404,
  ORDER_ACTION_REFUSED: 409,
  ORDER_TRANSITION_NOT_ALLOWED: 409,
  REFUND_FAILED: 502,
  GAMIFY_CAMPAIGN_NOT_FOUND: 404,
  GAMIFY_CAMPAIGN_CLOSED: 400,
  GAMIFY_ACTION_NOT_FOUND: 400,
  GAMIFY_CAMPAIGN_EXISTS: 400,
  GAMIFY_CAMPAIGN_DATES: 400,
  GAMIFY_WINNER_ALREADY_DRAWN: 409,
  GAMIFY_NO_ENTRIES: 400,
  GAMIFY_TOO_MANY_PLAYERS: 429,
};

export interface ErrorAnswer {
  status: number;
  body: {
    metadata: { success: false; code: ErrorCode; message: string; errors: string[]; warnings?: string[] };
    [field: string]: unknown;
  };
}

/** An answer in the envelope: `metadata.errors` defaults to the one line `'__all__: {message}'`. */
export function errorAnswer(code: ErrorCode, message: string, errors = [`__all__: ${message}`]): ErrorAnswer {
  return { status: ERROR_STATUS[code], body: { metadata: { success: false, code, message, errors } } };
}

/**
 * The wire answer to a domain error: its status, the 'field: message' lines of its fields (or
 * '__all__: {message}'), its code, and the fields some refusals add for the page. Null for an error
 * whose code no table knows (a programming error: the middleware answers 500).
 */
export function domainErrorAnswer(error: DomainError): ErrorAnswer | null {
  if (!isErrorCode(error.code)) return null;
  const lines = Object.keys(error.fields).length ? formatFieldErrors(error.fields) : undefined;
  const answer = errorAnswer(error.code, error.message, lines);
  if (error instanceof RecordLockedError) {
    // The message verbatim as the one line, for the lock call and the save alike: the spec's pages
    // look for 'Object is already locked!' itself in metadata.errors (docs/decisions.md).
    answer.body.metadata.errors = [error.message];
    answer.body.lock = error.lock;
  } else if (error instanceof NodeWarningsError) {
    answer.body.metadata.errors = [];
    answer.body.metadata.warnings = error.warnings;
  } else if (error instanceof CheckoutCartChangedError) {
    answer.body.step = error.step;
  } else if (error instanceof StaleVersionError) {
    Object.assign(answer.body, { saved_by: error.savedBy, saved_at: error.savedAt, version: error.version });
  }
  return answer;
}
