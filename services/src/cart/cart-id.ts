import { timingSafeEqual } from "node:crypto";
import { parse } from "cookie";
import type { Request, Response } from "express";
import { userCartId } from "@shop/shared";
import { setSiteCookie } from "../platform/http/cookies.ts";
import { hmacSha256 } from "../platform/keyed-hash.ts";
import { randomToken } from "../platform/random-token.ts";
import { siteKeyOnRequest } from "../platform/site-secrets.ts";

declare global {
  namespace Express {
    interface Request {
      /**
       * The visitor cookie's cart (null without a valid signed one; undefined until first asked) and
       * the key new cookies are signed with.
       */
      visitorCart?: { id?: string | null; key: Buffer };
    }
  }
}

/** The visitor's cart cookie: `{id}.{HMAC of id}`, httpOnly (only the server and the socket handshake read it). */
export const CART_COOKIE = "cartid";
/** The site secret that signs it (platform/site-secrets.ts). */
export const CART_COOKIE_SECRET = "cart-cookie";
/**
 * Visitor carts have a namespace of their own, `v-` and 144 random bits; an account's cart is
 * `user-{uuid}` and is found through the session only, so no cookie value can name it.
 */
const VISITOR_CART = /^v-[A-Za-z0-9_-]{24}$/;
const ONE_YEAR_MS = 365 * 86_400_000;

const macOf = (id: string, key: Buffer) => hmacSha256(key).update(id).digest("base64url");

/** The cookie value for a visitor cart id. */
export const signCartId = (id: string, key: Buffer): string => `${id}.${macOf(id, key)}`;

/**
 * The visitor cart a cookie header names, when its value is one this server signed: an unsigned id
 * (as every cookie was before signing), another namespace's id or a wrong signature names none.
 */
export function visitorCartIdOf(cookieHeader: string | undefined, key: Buffer): string | null {
  return verifiedCartId(cookieHeader ? parse(cookieHeader)[CART_COOKIE] : undefined, key);
}

/** The visitor cart id in a `cartid` cookie's value, if this server signed it. */
export function verifiedCartId(value: string | undefined, key: Buffer): string | null {
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 0) return null;
  const id = value.slice(0, dot);
  if (!VISITOR_CART.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(macOf(id, key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/**
 * Gives each request the signing key for `cartIdOf` and `visitorCartOf`; the cookie itself is read
 * (and its signature checked) only by a request that asks for the cart, once.
 */
export const readVisitorCart = (key: () => Promise<Buffer>) =>
  siteKeyOnRequest(key, (req, made) => {
    req.visitorCart = { key: made };
  });

/** The request's visitor cart (a valid signed cookie's), or null. */
export function visitorCartOf(req: Request): string | null {
  const visitor = req.visitorCart;
  if (!visitor) return null;
  if (visitor.id === undefined) visitor.id = visitorCartIdOf(req.headers.cookie, visitor.key);
  return visitor.id;
}

/**
 * Whose cart a request works on: a signed-in shopper's account cart, else the visitor cookie's.
 * `create` gives a visitor without one a new cookie (writes do; a read of no cart is just empty).
 */
export function cartIdOf(req: Request, res: Response, options: { create: boolean; secure: boolean }): string | null {
  if (req.user) return userCartId(req.user.id);
  const visitor = req.visitorCart;
  if (!visitor) throw new Error("no cart cookie key: app.ts mounts readVisitorCart before the routers");
  const existing = visitorCartOf(req);
  if (existing || !options.create) return existing;
  visitor.id = `v-${randomToken(18)}`;
  setSiteCookie(res, CART_COOKIE, signCartId(visitor.id, visitor.key), {
    httpOnly: true,
    secure: options.secure,
    maxAgeMs: ONE_YEAR_MS,
  });
  return visitor.id;
}

/** Forgets the visitor cookie once its cart went into the account's at login. */
export function clearVisitorCart(res: Response, secure: boolean) {
  res.clearCookie(CART_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}
