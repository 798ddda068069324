import { randomToken } from "../platform/random-token.ts";
import { parse } from "cookie";
import type { Request, Response } from "express";
import { userCartId } from "@shop/shared";

/** The visitor's cart cookie: a random id, httpOnly (only the server and the socket handshake read it). */
export const CART_COOKIE = "cartid";
const WELL_FORMED = /^[A-Za-z0-9_-]{22,64}$/;
const ONE_YEAR_MS = 365 * 86_400_000;

/** The visitor cart id a cookie header carries, if well formed. */
export function visitorCartIdOf(cookieHeader: string | undefined): string | null {
  const value = cookieHeader ? parse(cookieHeader)[CART_COOKIE] : undefined;
  return value && WELL_FORMED.test(value) ? value : null;
}

/**
 * Whose cart a request works on: a signed-in shopper's account cart, else the visitor cookie's.
 * `create` gives a visitor without one a new cookie (writes do; a read of no cart is just empty).
 */
export function cartIdOf(req: Request, res: Response, options: { create: boolean; secure: boolean }): string | null {
  if (req.user) return userCartId(req.user.id);
  const existing = visitorCartIdOf(req.headers.cookie);
  if (existing || !options.create) return existing;
  const created = randomToken(18);
  res.cookie(CART_COOKIE, created, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    maxAge: ONE_YEAR_MS,
  });
  return created;
}

/** Forgets the visitor cookie once its cart went into the account's at login. */
export function clearVisitorCart(res: Response, secure: boolean) {
  res.clearCookie(CART_COOKIE, { httpOnly: true, sameSite: "lax", secure, path: "/" });
}
