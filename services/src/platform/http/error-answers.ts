import {
  CheckoutCartChangedError,
  type DomainError,
  type ErrorCode,
  isErrorCode,
  formatFieldErrors,
  NodeWarningsError,
  RecordLockedError,
  type RequestErrorCode,
  StaleVersionError,
} from "@shop/shared";

/** The HTTP status of the codes that belong to no feature (shared/src/errors/request-errors.ts). */
export const REQUEST_ERROR_STATUS: Readonly<Record<RequestErrorCode, number>> = {
  INVALID_REQUEST: 400,
  TOO_MANY_REQUESTS: 429,
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
  DATABASE_UNAVAILABLE: 503,
  SERVER_BUSY: 503,
};

/**
 * The HTTP status of every error code: the one place a refusal gets its status. The request codes'
 * are above; each feature declares its own (`errorStatus` in services/src/<feature>/index.ts) and
 * app.ts hands them over from features.ts, which fails to compile when a code of `ERROR_CODES` has
 * none. Handed over, not imported: nothing under platform/ imports a feature.
 */
export const ERROR_STATUS: Record<string, number> = { ...REQUEST_ERROR_STATUS };

/** Adds the features' statuses (app.ts, from features.ts); a code declared twice keeps one status. */
export function declareErrorStatuses(statuses: Readonly<Record<string, number>>): void {
  for (const [code, status] of Object.entries(statuses)) {
    if (code in ERROR_STATUS && ERROR_STATUS[code] !== status)
      throw new Error(`error code ${code} has two statuses: ${ERROR_STATUS[code]} and ${status}`);
    ERROR_STATUS[code] = status;
  }
}

const statusOf = (code: ErrorCode): number => ERROR_STATUS[code] ?? 500;

export interface ErrorAnswer {
  status: number;
  body: {
    metadata: { success: false; code: ErrorCode; message: string; errors: string[]; warnings?: string[] };
    [field: string]: unknown;
  };
}

/** An answer in the envelope: `metadata.errors` defaults to the one line `'__all__: {message}'`. */
export function errorAnswer(code: ErrorCode, message: string, errors = [`__all__: ${message}`]): ErrorAnswer {
  return { status: statusOf(code), body: { metadata: { success: false, code, message, errors } } };
}

/**
 * The wire answer to a domain error: its status, the 'field: message' lines of its fields (or
 * '__all__: {message}'), its code, and the fields some refusals add for the page. Null for an error
 * whose code no table knows (a programming error: the middleware answers 500).
 */
export function domainErrorAnswer(error: DomainError): ErrorAnswer | null {
  if (!isErrorCode(error.code) || !(error.code in ERROR_STATUS)) return null;
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
