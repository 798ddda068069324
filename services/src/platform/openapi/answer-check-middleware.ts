import type { NextFunction, Request, Response } from "express";
import { ValidationError } from "../http/validate.ts";
import type { Logger } from "../logger.ts";
import type { AnswerChecker } from "./answer-check.ts";

/**
 * API_ANSWER_CHECK: JSON answers checked against /api/openapi.json. "strict" (the tests) checks every
 * answer and turns one that does not fit into a 500 naming the problem, so a drift between code and
 * document fails the suite; "log" (the default) checks every answer that is not a success and a
 * sample of the successes (`LOG_MODE_SAMPLE`), logs what does not fit and sends the answer as it is;
 * "off" skips the check.
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
 * In "log" mode, of each operation's successful (2xx) answers the first and then one in this many are
 * checked; every other answer (a refusal, an error) is checked. Checking each answer cost the busiest
 * routes (the product list, add-to-cart) several per cent of their CPU for answers the tests check
 * in strict mode anyway: a sample still shows a drift in production's logs within seconds of traffic.
 */
export const LOG_MODE_SAMPLE = 64;

/**
 * Checks the JSON answers of an API path (`res.json`, or a JSON `res.end`) with `checker`, after the
 * route has answered and before a byte is sent: in strict mode each one, in log mode the ones
 * `LOG_MODE_SAMPLE` picks.
 */
export function checkAnswers(mode: Exclude<AnswerCheckMode, "off">, checker: AnswerChecker, log: Logger) {
  /** Successful answers seen per operation (log mode). */
  const successes = new Map<string, number>();
  const picked = (operation: string, status: number): boolean => {
    if (mode === "strict" || status < 200 || status >= 300) return true;
    const seen = successes.get(operation) ?? 0;
    successes.set(operation, seen + 1);
    return seen % LOG_MODE_SAMPLE === 0;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.originalUrl.split("?")[0];
    const operation = checker.operationOf(req.method, path);
    if (!operation) return next();
    const json = res.json;
    const end = res.end as (...args: unknown[]) => Response;
    let checked = false;
    /** The answer to send: the route's, or in strict mode a 500 naming what does not fit. */
    const verdict = (body: unknown): { problems: string[]; replacement?: object } => {
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
      checked = true; // the `res.end` that follows carries this body: not looked at again
      if (!picked(operation, res.statusCode)) return json.call(res, body);
      const { replacement } = verdict(body);
      if (!replacement) return json.call(res, body);
      res.status(500);
      return json.call(res, replacement);
    };
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (checked || res.headersSent) return end.call(res, chunk, ...rest);
      checked = true;
      if (!String(res.getHeader("content-type") ?? "").includes("json") || !picked(operation, res.statusCode))
        return end.call(res, chunk, ...rest);
      const body = parsedJson(chunk);
      if (body === undefined) return end.call(res, chunk, ...rest);
      const { replacement } = verdict(body);
      if (!replacement) return end.call(res, chunk, ...rest);
      const text = JSON.stringify(replacement);
      res.status(500).setHeader("Content-Length", Buffer.byteLength(text));
      return end.call(res, text);
    }) as Response["end"];
    next();
  };
}
