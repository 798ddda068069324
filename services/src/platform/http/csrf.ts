import { randomToken } from "../random-token.ts";
import type { NextFunction, Request, Response } from "express";
import { CSRF_COOKIE, CSRF_FAILED } from "@shop/shared";
import { readCookie, setSiteCookie } from "./cookies.ts";
import { errorAnswer } from "./error-answers.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TOKEN = /^[\w-]{16,128}$/;

declare global {
  namespace Express {
    interface Request {
      /** The csrftoken cookie the request arrived with, if it was a well-formed one. */
      csrfToken: string | null;
    }
  }
}

/**
 * Double-submit cookie, part one: every answer (health checks and body-parse errors included) sets a
 * readable `csrftoken` cookie when the request had none. Mounted first, before anything can answer.
 */
export function issueCsrfCookie(options: { secure: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = readCookie(req, CSRF_COOKIE);
    req.csrfToken = token && TOKEN.test(token) ? token : null;
    if (!req.csrfToken) {
      setSiteCookie(res, CSRF_COOKIE, randomToken(24), { secure: options.secure, maxAgeMs: 365 * 24 * 3600 * 1000 });
    }
    next();
  };
}

/**
 * Part two: every non-safe request must echo the cookie it arrived with in X-CSRFToken. Another
 * site can make the browser send the cookie but cannot read it. A request without one has nothing to match.
 */
export function verifyCsrfToken() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!req.csrfToken || req.get("x-csrftoken") !== req.csrfToken) {
      const { status, body } = errorAnswer("CSRF_FAILED", CSRF_FAILED);
      return res.status(status).json(body);
    }
    next();
  };
}
