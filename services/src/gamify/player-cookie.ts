import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { parse } from "cookie";
import type { Request, Response } from "express";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import { GAMIFY_PLAYER_COOKIE } from "@shop/shared/gamify/api";
import { siteSecret } from "../platform/site-secrets.ts";

const ONE_YEAR_MS = 365 * 86_400_000;
const ID = /^[A-Za-z0-9_-]{24}$/;
/** One key lookup per database (the key is derived from SESSION_SECRET, else kept in `site_secrets`). */
const keys = new WeakMap<object, () => Promise<Buffer>>();

/**
 * The visitor's player cookie, `{id}.{mac}`: a random id the server chose and an HMAC of it, so a
 * client cannot name a player (DESIGN §12, "no identity from a string the client picks"). The key is
 * the site secret for this purpose alone (platform/site-secrets.ts), so every process and restart agrees.
 */
export interface PlayerCookie {
  /** The visitor's player (`visitor-{id}`) when the request carries a cookie this server signed, else null. */
  visitorOf(req: Request): string | null;
  /** A new visitor: a random id, its signed cookie set on the answer. */
  create(res: Response, options: { secure: boolean }): string;
}

export async function playerCookie(deps: { db: Kysely<Database>; sessionSecret?: string }): Promise<PlayerCookie> {
  let keyOf = keys.get(deps.db);
  if (!keyOf) {
    keyOf = siteSecret(deps, GAMIFY_PLAYER_COOKIE);
    keys.set(deps.db, keyOf);
  }
  const key = await keyOf();
  const mac = (id: string) => createHmac("sha256", key).update(id).digest("base64url");
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
  };
}
