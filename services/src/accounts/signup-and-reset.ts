import { createHash, randomBytes } from "node:crypto";
import type { Request, Response, Router } from "express";
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_SENT,
  PasswordResetRequest,
  RESET_LINK_HOURS,
  ResetLinkInvalidError,
  ResetThrottledError,
  SetNewPasswordRequest,
  SignupRequest,
  SignupThrottledError,
  userStream,
} from "@shop/shared";
import { findUserByEmail, findUserById } from "@shop/projections";
import { queueMail } from "../mail/queue-mail.ts";
import { foldStream, runCommand } from "../platform/command-handler.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import type { AccountLimiters } from "./account-limits.ts";
import type { AccountsRouterDeps } from "./accounts-router-deps.ts";
import { decideAccount } from "./decide.ts";
import { hashPassword } from "./passwords.ts";
import { registerUser } from "./register-user.ts";
import { ACCOUNT_RETRY, userDecider } from "./user.ts";

type PublicUserOf = (u: { id: string; email: string; name: string; is_staff: boolean }) => unknown;

interface SignupDeps extends AccountsRouterDeps {
  limits: AccountLimiters;
  signIn(req: Request, res: Response, user: { id: string; email?: string }): Promise<void>;
  publicUser: PublicUserOf;
}

/** A reset token names its account (so the log, not a read model, checks it) and 256 random bits. */
export const newResetToken = (userId: string) => `${userId}.${randomBytes(32).toString("base64url")}`;
export const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The path of the page that takes a reset link's token. */
export const RESET_PAGE = "/account/password/reset/";

/** Sign-up (signs in), and the password reset by a one-time emailed link. */
export function addSignupAndResetRoutes(router: Router, deps: SignupDeps): void {
  router.post("/api/account/signup/", async (req, res) => {
    const body = parseRequest(SignupRequest, req.body);
    // Counted before the password is hashed, whatever the outcome: each sign-up costs an argon2 hash.
    const wait = await deps.limits.signups.take(req.ip ?? "unknown");
    if (wait !== null) throw new SignupThrottledError(wait);
    const user = await registerUser(
      { store: deps.store, clock: deps.clock, db: deps.db, sealed: true },
      { email: body.email, password: body.password, name: body.name },
      eventMetadata(req),
    );
    await deps.waitForProjections(user.position, ["users"]);
    await deps.signIn(req, res, { id: user.userId, email: user.email });
    res.json({
      metadata: { success: true },
      user: deps.publicUser({ id: user.userId, email: user.email, name: user.name, is_staff: false }),
    });
  });

  // The same answer whether or not the email has an account, given before the address is even looked
  // up: the time to answer tells nothing either. The link is mailed after, through the outbox.
  router.post("/api/account/password-reset/", async (req, res) => {
    const { email } = parseRequest(PasswordResetRequest, req.body);
    res.json({ metadata: { success: true, message: PASSWORD_RESET_SENT } });
    await mailResetLink(req, email).catch((err) => req.log?.error({ err }, "password reset link not mailed"));
  });

  /** Looks the address up and mails a link: at most one per account per `resetMailEveryMs` (the stream decides). */
  async function mailResetLink(req: Request, email: string): Promise<void> {
    const user = await findUserByEmail(deps.db, email);
    if (user) {
      const token = newResetToken(user.id);
      const now = deps.clock();
      const expiresAt = new Date(now.getTime() + RESET_LINK_HOURS * 3_600_000);
      const metadata = eventMetadata(req);
      const mailEveryMs = deps.limits.resetMailEveryMs;
      const result = await runCommand(
        deps.store,
        userStream(user.id),
        userDecider,
        ACCOUNT_RETRY,
        (s) =>
          decideAccount(
            { type: "RequestPasswordReset", data: { tokenHash: hashResetToken(token), now, expiresAt, mailEveryMs } },
            s,
          ),
        { metadata },
      );
      if (result.appended) {
        const link = `${deps.siteUrl}${RESET_PAGE}?token=${encodeURIComponent(token)}`;
        await queueMail(
          deps,
          {
            to: user.email,
            person: user.id,
            subject: "Reset your password",
            text:
              `Someone asked to reset the password of your account (${user.email}).\n\n` +
              `To choose a new password, open this link within ${RESET_LINK_HOURS} hours:\n${link}\n\n` +
              "The link works once. If you did not ask for it, ignore this email: your password stays as it is.\n",
          },
          metadata,
        );
      }
    }
  }

  router.post("/api/account/password-reset/confirm/", async (req, res) => {
    const body = parseRequest(SetNewPasswordRequest, req.body);
    const address = req.ip ?? "unknown";
    // Counted before anything is read or hashed; a reset that works gives its attempt back.
    const wait = await deps.limits.resetFailures.take(address);
    if (wait !== null) throw new ResetThrottledError(wait);
    const userId = body.token.split(".")[0];
    if (!userId || !body.token.includes(".")) throw new ResetLinkInvalidError();
    const tokenHash = hashResetToken(body.token);
    // The link is checked on the account's stream before the new password is hashed: a made-up token costs a read.
    const current = foldStream(userDecider, await deps.store.readStream(userStream(userId)));
    decideAccount({ type: "ResetPassword", data: { tokenHash, passwordHash: "", now: deps.clock() } }, current);
    const passwordHash = await hashPassword(body.password);
    const result = await runCommand(
      deps.store,
      userStream(userId),
      userDecider,
      ACCOUNT_RETRY,
      (s) => decideAccount({ type: "ResetPassword", data: { tokenHash, passwordHash, now: deps.clock() } }, s),
      { metadata: { ...eventMetadata(req), userId } },
    );
    await deps.limits.resetFailures.giveBack(address);
    await deps.waitForProjections(result.appended!.position, ["users"]);
    await deps.signIn(req, res, { id: userId });
    const user = await findUserById(deps.db, userId);
    res.json({ metadata: { success: true, message: PASSWORD_RESET_DONE }, user: user ? deps.publicUser(user) : null });
  });
}
