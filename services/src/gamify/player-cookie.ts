import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse } from "cookie";
import type { Request, Response } from "express";
import { GAMIFY_PLAYER_COOKIE } from "@shop/shared/gamify/api";

const ONE_YEAR_MS = 365 * 86_400_000;
const ID = /^[A-Za-z0-9_-]{24}$/;
/** Without SESSION_SECRET, cookies are signed with a key of this process: they last until it restarts. */
const PROCESS_KEY = randomBytes(32);

/**
 * The visitor's player cookie, `{id}.{mac}`: a random id the server chose and an HMAC of it, so a
 * client cannot name a player (DESIGN §12, "no identity from a string the client picks"). The key is
 * derived from SESSION_SECRET for this purpose alone.
 */
export interface PlayerCookie {
  /** The visitor's player (`visitor-{id}`) when the request carries a cookie this server signed, else null. */
  visitorOf(req: Request): string | null;
  /** A new visitor: a random id, its signed cookie set on the answer. */
  create(res: Response, options: { secure: boolean }): string;
  /** A keyed hash of a normalised email address (what the gamify log keeps instead of it). */
  emailKey(email: string): string;
}

export function playerCookie(sessionSecret: string | undefined): PlayerCookie {
  const key = sessionSecret ? createHmac("sha256", sessionSecret).update("gamify-player-cookie").digest() : PROCESS_KEY;
  const mac = (id: string) => createHmac("sha256", key).update(id).digest("base64url");
  // Without a secret, a plain hash, as for session ids: the same address gives the same key after a restart.
  const emailHashKey = sessionSecret ? createHmac("sha256", sessionSecret).update("gamify-email").digest() : null;
  return {
    visitorOf(req) {
      const value = req.headers.cookie ? parse(req.headers.cookie)[GAMIFY_PLAYER_COOKIE] : undefined;
      const [id, signature, extra] = (value ?? "").split(".");
      if (extra !== undefined || !id || !signature || !ID.test(id)) return null;
      const expected = Buffer.from(mac(id));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? `visitor-${id}` : null;
    },
    create(res, options) {
      const id = randomBytes(18).toString("base64url");
      res.cookie(GAMIFY_PLAYER_COOKIE, `${id}.${mac(id)}`, {
        httpOnly: true,
        sameSite: "lax",
        secure: options.secure,
        path: "/",
        maxAge: ONE_YEAR_MS,
      });
      return `visitor-${id}`;
    },
    emailKey(email) {
      const hash = emailHashKey ? createHmac("sha256", emailHashKey) : createHash("sha256");
      return hash.update(email.trim().toLowerCase()).digest("hex").slice(0, 40);
    },
  };
}
