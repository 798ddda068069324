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
    return res
      .status(error.status)
      .json({ metadata: { success: false, message: error.message, errors: error.errors }, ...error.details });
  }
  if (error instanceof WrongExpectedVersionError) {
    const message = "Someone else changed this record at the same time. Reload it and try again.";
    return res.status(409).json({ metadata: { success: false, message, errors: [`__all__: ${message}`] } });
  }
  // Body parsing (body-parser, raw-body) raises http-errors: a 4xx there is the client's mistake, never a 500.
  const { status, type, expose } = (error ?? {}) as { status?: unknown; type?: string; expose?: boolean };
  if (status === 400 || type === "entity.parse.failed") return refuse(res, 400, "Invalid request syntax or bad data.");
  if (status === 413) return refuse(res, 413, "The request is too large.");
  if (status === 415) return refuse(res, 415, "The request body's charset or encoding is not supported. Send UTF-8.");
  if (typeof status === "number" && status >= 400 && status < 500 && expose)
    return refuse(res, status, "Invalid request syntax or bad data.");
  req.log?.error({ err: error }, "unhandled error");
  res.status(500).json({
    metadata: { success: false, message: SERVER_ERROR, errors: [`__all__: ${SERVER_ERROR}`] },
    request_id: req.requestId,
  });
}

function refuse(res: Response, status: number, message: string) {
  return res.status(status).json({ metadata: { success: false, message, errors: [`__all__: ${message}`] } });
}
