import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { CSRF_COOKIE, CSRF_FAILED } from "@shop/shared";
import { readCookie } from "./cookies.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Double-submit cookie: every answer sets a readable `csrftoken` cookie if absent; every non-safe
 * request must echo it in X-CSRFToken. Another site can send the cookie but cannot read it.
 */
export function csrfProtection(options: { secure: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    let token = readCookie(req, CSRF_COOKIE);
    if (!token || !/^[\w-]{16,128}$/.test(token)) {
      token = randomBytes(24).toString("base64url");
      res.cookie(CSRF_COOKIE, token, { sameSite: "lax", secure: options.secure, path: "/", maxAge: 365 * 24 * 3600 * 1000 });
      // A request that arrived without a cookie has nothing to match.
      if (!SAFE_METHODS.has(req.method)) return refuse(res);
    }
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get("x-csrftoken") !== token) return refuse(res);
    next();
  };
}

function refuse(res: Response) {
  res.status(403).json({ metadata: { success: false, message: CSRF_FAILED, errors: [`__all__: ${CSRF_FAILED}`] } });
}
