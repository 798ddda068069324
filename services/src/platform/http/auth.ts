import type { NextFunction, Request, Response } from "express";
import type { Kysely } from "kysely";
import { LOGIN_REQUIRED, STAFF_REQUIRED } from "@shop/shared";
import { findSessionUser } from "@shop/projections";
import { hashSessionId, SESSION_COOKIE } from "./session-id.ts";
import { readCookie } from "./cookies.ts";
import type { Database } from "@shop/projections";
import { errorAnswer } from "./error-answers.ts";

/** Finds the signed-in user from the session cookie (sessions live in a read model, so they survive restarts). */
export function loadSessionUser(deps: { db: Kysely<Database>; clock: () => Date; sessionSecret?: string }) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const sessionId = readCookie(req, SESSION_COOKIE);
    if (!sessionId) return next(); // a visitor: on at once, no promise to settle
    const hash = hashSessionId(sessionId, deps.sessionSecret);
    return findSessionUser(deps.db, hash, deps.clock()).then((user) => {
      if (user) {
        req.user = { id: user.id, email: user.email, name: user.name, is_staff: user.is_staff };
        req.sessionHash = hash;
      }
      next();
    });
  };
}

/** The back office: 401 for a visitor, 403 for a signed-in user who is not staff. */
export function requireStaff(req: Request, res: Response, next: NextFunction) {
  const refusal = !req.user
    ? errorAnswer("LOGIN_REQUIRED", LOGIN_REQUIRED)
    : !req.user.is_staff
      ? errorAnswer("STAFF_REQUIRED", STAFF_REQUIRED)
      : null;
  if (refusal) return res.status(refusal.status).json(refusal.body);
  next();
}
