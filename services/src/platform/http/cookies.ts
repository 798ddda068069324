import { parse } from "cookie";
import type { Request, Response } from "express";

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parse(header)[name];
}

/**
 * Sets a site-wide (`Path=/`, `SameSite=Lax`) cookie that lasts `maxAgeMs`, written exactly as
 * express's `res.cookie` writes it (the same attributes in the same order, appended to any
 * Set-Cookie already set). Every first request of a visitor gets one (the CSRF token) or two (a
 * cart's id): express copies the options, makes a Date, formats it and checks each attribute per
 * call; here the expiry's text is made once a second.
 */
export function setSiteCookie(
  res: Response,
  name: string,
  value: string,
  options: { maxAgeMs: number; httpOnly?: boolean; secure: boolean },
): void {
  let line = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(options.maxAgeMs / 1000)}; Path=/; Expires=${expiresText(Date.now() + options.maxAgeMs)}`;
  if (options.httpOnly) line += "; HttpOnly";
  if (options.secure) line += "; Secure";
  line += "; SameSite=Lax";
  const before = res.getHeader("Set-Cookie");
  res.setHeader("Set-Cookie", !before ? line : Array.isArray(before) ? [...before, line] : [String(before), line]);
}

let expiresSecond = Number.NaN;
let expires = "";
/** `new Date(ms).toUTCString()`, which names whole seconds: kept for the second it names. */
function expiresText(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== expiresSecond) {
    expires = new Date(second * 1000).toUTCString();
    expiresSecond = second;
  }
  return expires;
}
