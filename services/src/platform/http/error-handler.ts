import type { NextFunction, Request, Response } from "express";
import { DomainError, SERVER_ERROR, WrongExpectedVersionError } from "@shop/shared";
import { domainErrorAnswer, type ErrorAnswer, errorAnswer } from "./error-answers.ts";
import { ValidationError } from "./validate.ts";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../database-errors.ts";

const CONCURRENT_CHANGE = "Someone else changed this record at the same time. Reload it and try again.";
const BAD_REQUEST = "Invalid request syntax or bad data.";
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The shop cannot reach its database just now. Please try again in a moment.";

/**
 * The one place a thrown error becomes an HTTP answer, with `metadata.code`: statuses and wire lines
 * come from the code (error-answers.ts). A 500 is logged with the request id and never shows a stack.
 */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) return;
  const answer = knownAnswer(error);
  if (answer) {
    // A service we call failed (the payment gateway's 502): the shopper gets the message, the log the detail.
    if (answer.status >= 500) req.log?.warn({ err: error }, "upstream failure");
    // A limit's refusal (429) says when to come back.
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (answer.status === 429 && typeof retryAfter === "number") res.set("Retry-After", String(retryAfter));
    return res.status(answer.status).json(answer.body);
  }
  if (isDatabaseUnavailable(error)) {
    // Not a fault in this request: the database is restarting or out of reach (money 4). The client may
    // try again: an Idempotency-Key or the command's own checks keep a retry from doing anything twice.
    req.log?.warn({ err: error }, "database unavailable");
    res.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    const { status, body } = errorAnswer("DATABASE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE);
    return res.status(status).json(body);
  }
  req.log?.error({ err: error }, "unhandled error");
  const { status, body } = errorAnswer("SERVER_ERROR", SERVER_ERROR);
  res.status(status).json({ ...body, request_id: req.requestId });
}

function knownAnswer(error: unknown): ErrorAnswer | null {
  if (error instanceof ValidationError) return errorAnswer("INVALID_REQUEST", error.message, error.errors);
  if (error instanceof DomainError) return domainErrorAnswer(error);
  if (error instanceof WrongExpectedVersionError) return errorAnswer("CONCURRENT_CHANGE", CONCURRENT_CHANGE);
  // Body parsing (body-parser, raw-body) raises http-errors: a 4xx there is the client's mistake, never a 500.
  const { status, type, expose } = (error ?? {}) as { status?: unknown; type?: string; expose?: boolean };
  if (status === 400 || type === "entity.parse.failed") return errorAnswer("INVALID_REQUEST", BAD_REQUEST);
  if (status === 413) return errorAnswer("REQUEST_TOO_LARGE", "The request is too large.");
  if (status === 415)
    return errorAnswer("UNSUPPORTED_ENCODING", "The request body's charset or encoding is not supported. Send UTF-8.");
  // Any other 4xx body-parser raises keeps its own status.
  if (typeof status === "number" && status >= 400 && status < 500 && expose)
    return { ...errorAnswer("INVALID_REQUEST", BAD_REQUEST), status };
  return null;
}
