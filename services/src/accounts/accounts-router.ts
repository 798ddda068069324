import { Router, type NextFunction, type Request, type Response } from "express";
import { LoginRequest, userStream, LoginFailedError, TooManyLoginsError } from "@shop/shared";
import { findUserByEmail } from "@shop/projections";
import { runCommand } from "../platform/command-handler.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import { createAccountLimiters } from "./account-limits.ts";
import { decideAccount } from "./decide.ts";
import { siteSecret } from "../platform/site-secrets.ts";
import { createDeviceCookies, DEVICE_COOKIE } from "./device-cookie.ts";
import { LoginThrottledError } from "./login-throttle.ts";
import { verifyPassword } from "./passwords.ts";
import { hashSessionId, newSessionId, SESSION_COOKIE } from "../platform/http/session-id.ts";
import { ACCOUNT_RETRY, userDecider } from "./user.ts";
import { addSignupAndResetRoutes } from "./signup-and-reset.ts";
import type { AccountsRouterDeps } from "./accounts-router-deps.ts";

export type { AccountsRouterDeps } from "./accounts-router-deps.ts";

export const publicUser = (u: { id: string; email: string; name: string; is_staff: boolean }) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  is_staff: u.is_staff,
});

export function makeAccountsRouter(deps: AccountsRouterDeps): Router {
  const router = Router();
  const devices = createDeviceCookies({
    key: siteSecret(deps, DEVICE_COOKIE),
    secure: deps.secureCookies,
    clock: deps.clock,
  });

  router.get("/api/account/me/", (req, res) => {
    res.json({ metadata: { success: true }, user: req.user ? publicUser(req.user) : null });
  });

  router.post("/api/account/login/", async (req, res) => {
    const body = parseRequest(LoginRequest, req.body);
    const knownDevice = await devices.knows(req, body.email);
    const attempt = await deps.throttle.attempt(req.ip ?? "unknown", body.email, { knownDevice }).catch((error) => {
      if (!(error instanceof LoginThrottledError)) throw error;
      req.log?.warn({ limit: error.limit }, "login throttled");
      res.set("Retry-After", String(error.retryAfterSeconds));
      throw new TooManyLoginsError();
    });
    const user = await findUserByEmail(deps.db, body.email);
    if (!(await verifyPassword(user?.password_hash, body.password)) || !user) throw new LoginFailedError();
    await signIn(req, res, user, () => attempt.succeeded());
    res.json({ metadata: { success: true }, user: publicUser(user) });
  });

  /**
   * Starts a session for `user`: UserLoggedIn on the account's stream, the visitor's cart merged,
   * the cookie set, and the sessions read model waited for. Login, sign-up and a password reset end here.
   */
  async function signIn(
    req: Request,
    res: Response,
    /** With `email`, the browser is remembered for the account (its device cookie). */
    user: { id: string; email?: string },
    loggedIn?: () => Promise<void>,
  ): Promise<void> {
    const sessionId = newSessionId();
    const sessionHash = hashSessionId(sessionId, deps.sessionSecret);
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + deps.sessionDays * 86_400_000);
    const result = await runCommand(
      deps.store,
      userStream(user.id),
      userDecider,
      ACCOUNT_RETRY,
      (s) => decideAccount({ type: "LogIn", data: { sessionHash, now, expiresAt } }, s),
      {
        metadata: {
          ...eventMetadata(req),
          userId: user.id,
        },
      },
    );
    await loggedIn?.();
    await deps.afterLogin?.(req, res, user.id);
    // The cookie goes out even if the wait answers 503: the session is saved and works once visible.
    res.cookie(SESSION_COOKIE, sessionId, {
      httpOnly: true,
      sameSite: "lax",
      secure: deps.secureCookies,
      path: "/",
      expires: expiresAt,
    });
    if (user.email) await devices.remember(req, res, user.email);
    await deps.waitForProjections(result.appended!.position, ["sessions"]);
  }

  addSignupAndResetRoutes(router, {
    ...deps,
    limits: createAccountLimiters(deps.rateLimitMultiplier),
    signIn,
    publicUser,
  });

  router.post("/api/account/logout/", async (req, res) => {
    if (req.user && req.sessionHash) {
      const sessionHash = req.sessionHash;
      const result = await runCommand(
        deps.store,
        userStream(req.user.id),
        userDecider,
        ACCOUNT_RETRY,
        (s) => decideAccount({ type: "LogOut", data: { sessionHash } }, s),
        { metadata: eventMetadata(req) },
      );
      res.clearCookie(SESSION_COOKIE, { path: "/" });
      // A 503 here says the session still works until the sessions read model catches up.
      if (result.appended) await deps.waitForProjections(result.appended.position, ["sessions"]);
    } else res.clearCookie(SESSION_COOKIE, { path: "/" });
    res.json({ metadata: { success: true } });
  });

  // A refusal that says when to come back (a limit, every hashing slot taken) says it in Retry-After too.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof seconds === "number" && !res.headersSent) res.set("Retry-After", String(seconds));
    next(error);
  });

  return router;
}
