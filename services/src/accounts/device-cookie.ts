import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { readCookie } from "../platform/http/cookies.ts";

/**
 * A browser that signed in to an account before carries a mark for it, so a flood of wrong passwords
 * against that account from elsewhere does not slow its owner down (login-throttle.ts). Each mark is
 * `{issued day}.{HMAC of the email and the day}`: it names no account, and cannot be made without the key.
 */
export const DEVICE_COOKIE = "device";
export const DEVICE_DAYS = 365;
/** Accounts one browser is remembered for (a shared family computer). */
const MARKS_KEPT = 5;
const DAY_MS = 86_400_000;

export interface DeviceCookies {
  /** Whether this browser signed in to the account of `email` within DEVICE_DAYS. */
  knows(req: Request, email: string): Promise<boolean>;
  /** Marks this browser for the account of `email` (after a successful sign-in). */
  remember(req: Request, res: Response, email: string): Promise<void>;
}

/**
 * `key`: the site's key for these marks (platform/site-secrets.ts: derived from SESSION_SECRET, else
 * kept in the database), so every process honours them and they outlive a restart.
 */
export function createDeviceCookies(deps: {
  key: () => Promise<Buffer>;
  secure: boolean;
  clock: () => Date;
}): DeviceCookies {
  const markWith = (key: Buffer, email: string, day: number) =>
    createHmac("sha256", key).update(`${email.trim().toLowerCase()}|${day}`).digest("base64url").slice(0, 32);
  const marksIn = (req: Request) =>
    (readCookie(req, DEVICE_COOKIE) ?? "")
      .split("~")
      .map((entry) => {
        const [day, mark] = entry.split(".");
        return { entry, day: Number(day), mark: mark ?? "" };
      })
      .filter((m) => Number.isSafeInteger(m.day) && m.mark.length === 32)
      .slice(0, MARKS_KEPT);
  const today = () => Math.floor(deps.clock().getTime() / DAY_MS);
  const matches = (key: Buffer, m: { day: number; mark: string }, email: string) =>
    timingSafeEqual(Buffer.from(m.mark), Buffer.from(markWith(key, email, m.day)));

  return {
    async knows(req, email) {
      const marks = marksIn(req);
      if (marks.length === 0) return false;
      const key = await deps.key();
      const oldest = today() - DEVICE_DAYS;
      return marks.some((m) => m.day > oldest && matches(key, m, email));
    },
    async remember(req, res, email) {
      const key = await deps.key();
      const day = today();
      const others = marksIn(req).filter((m) => m.day > day - DEVICE_DAYS && !matches(key, m, email));
      const value = [`${day}.${markWith(key, email, day)}`, ...others.map((m) => m.entry)]
        .slice(0, MARKS_KEPT)
        .join("~");
      res.cookie(DEVICE_COOKIE, value, {
        httpOnly: true,
        sameSite: "lax",
        secure: deps.secure,
        path: "/api/account/",
        maxAge: DEVICE_DAYS * DAY_MS,
      });
    },
  };
}
