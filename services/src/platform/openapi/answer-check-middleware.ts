import type { NextFunction, Request, Response } from "express";
import { ValidationError } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { AnswerChecker } from "./answer-check.ts";

/**
 * API_ANSWER_CHECK: every JSON answer checked against /api/openapi.json. "strict" (the tests) turns an
 * answer that does not fit into a 500 naming the problem, so a drift between code and document fails
 * the suite; "log" (the default) logs it and sends the answer; "off" skips the check.
 */
export type AnswerCheckMode = "strict" | "log" | "off";

/**
 * A write whose operation documents a JSON body, sent without one (no body, or not JSON): refused as
 * bad input before the route reads it, where a route would otherwise take it as `{}` and change nothing.
 */
export function refuseMissingBody(checker: AnswerChecker) {
  return (req: Request, _res: Response, next: NextFunction) => {
    // A body express did not parse (the lock release's text/plain beacon) is the route's to read.
    const sent = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if (req.body !== undefined || sent || !checker.requiresBody(req.method, req.originalUrl.split("?")[0]))
      return next();
    next(new ValidationError(["__all__: Send the request's fields as a JSON body (Content-Type: application/json)."]));
  };
}

/** An answer's JSON body handed to `res.end` as text (routes that skip `res.json`, such as the cart's). */
function parsedJson(chunk: unknown): unknown {
  if (typeof chunk !== "string" && !Buffer.isBuffer(chunk)) return undefined;
  try {
    return JSON.parse(String(chunk));
  } catch {
    return undefined;
  }
}

/**
 * Checks each JSON answer of an API path (`res.json`, or a JSON `res.end`) with `checker`, after the
 * route has answered and before a byte is sent.
 */
export function checkAnswers(mode: Exclude<AnswerCheckMode, "off">, checker: AnswerChecker, log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.originalUrl.split("?")[0];
    if (!checker.operationOf(req.method, path)) return next();
    const json = res.json.bind(res);
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let checked = false;
    /** The answer to send: the route's, or in strict mode a 500 naming what does not fit. */
    const verdict = (body: unknown): { problems: string[]; replacement?: object } => {
      checked = true;
      const problems = checker.check(req.method, path, res.statusCode, body);
      if (problems.length === 0) return { problems };
      (req.log ?? log).warn({ problems, status: res.statusCode }, "answer does not fit /api/openapi.json");
      if (mode !== "strict") return { problems };
      return {
        problems,
        replacement: {
          metadata: {
            success: false,
            code: "SERVER_ERROR",
            message: "The answer does not fit /api/openapi.json.",
            errors: problems.map((p) => `__all__: ${p}`),
          },
        },
      };
    };
    res.json = (body: unknown) => {
      const { replacement } = verdict(body);
      if (!replacement) return json(body);
      res.status(500);
      return json(replacement);
    };
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const type = String(res.getHeader("content-type") ?? "");
      if (checked || !type.includes("json") || res.headersSent) return end(chunk, ...rest);
      const body = parsedJson(chunk);
      if (body === undefined) return end(chunk, ...rest);
      const { replacement } = verdict(body);
      if (!replacement) return end(chunk, ...rest);
      const text = JSON.stringify(replacement);
      res.status(500).setHeader("Content-Length", Buffer.byteLength(text));
      return end(text);
    }) as Response["end"];
    next();
  };
}
