import type { NextFunction, Request, Response } from "express";
import { SERVER_ERROR, WrongExpectedVersionError } from "@shop/shared";
import { DomainError } from "../domain-error.ts";
import { ValidationError } from "./validate.ts";

/** The one place a thrown error becomes an HTTP answer. A 500 is logged with the request id and never shows a stack. */
export function errorHandler(error: unknown, req: Request, res: Response, _next: NextFunction) {
  if (res.headersSent) return;
  if (error instanceof ValidationError) {
    return res.status(400).json({ metadata: { success: false, message: error.message, errors: error.errors } });
  }
  if (error instanceof DomainError) {
    return res.status(error.status).json({ metadata: { success: false, message: error.message, errors: error.errors }, ...error.details });
  }
  if (error instanceof WrongExpectedVersionError) {
    const message = "Someone else changed this record at the same time. Reload it and try again.";
    return res.status(409).json({ metadata: { success: false, message, errors: [`__all__: ${message}`] } });
  }
  const status = (error as { status?: number; type?: string }).status;
  if (status === 400 || (error as { type?: string }).type === "entity.parse.failed") {
    const message = "Invalid request syntax or bad data.";
    return res.status(400).json({ metadata: { success: false, message, errors: [`__all__: ${message}`] } });
  }
  if (status === 413) {
    const message = "The request is too large.";
    return res.status(413).json({ metadata: { success: false, message, errors: [`__all__: ${message}`] } });
  }
  req.log?.error({ err: error }, "unhandled error");
  res.status(500).json({ metadata: { success: false, message: SERVER_ERROR, errors: [`__all__: ${SERVER_ERROR}`] }, request_id: req.requestId });
}
