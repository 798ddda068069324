import { timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { comparePositions, type LogPosition } from "@shop/shared";
import { hmacSha256 } from "../keyed-hash.ts";
import { siteKeyOnRequest } from "../site-secrets.ts";
import type { WaitForProjections } from "../read-your-writes.ts";
import { readCookie } from "./cookies.ts";

declare global {
  namespace Express {
    interface Request {
      /** The key `written` cookies are signed with (`readWrittenKey`). */
      writtenKey?: Buffer;
    }
  }
}

/**
 * Read-your-writes carried by the browser, for a write whose answer does not wait for its read models
 * (the checkout's payment, issue 28 point 3): the answer sets `written` to the write's log position,
 * and the pages that read those read models wait for it (`seeOwnWrites`) before they read. The writer
 * waits only where it reads, and only while the read models are behind its own write; nobody else waits.
 */
export const WRITTEN_COOKIE = "written";
/** The site secret that signs it (platform/site-secrets.ts): a position the server did not answer is ignored. */
export const WRITTEN_COOKIE_SECRET = "written-cookie";
/**
 * Long enough for any read model that is running to pass a write (the wait itself is bounded at 5 s);
 * short, so a cookie that a later page no longer needs is soon gone.
 */
const WRITTEN_MAX_AGE_MS = 10 * 60_000;
/**
 * `{major}.{minor}.{mac}`: the position, digits only (PostgreSQL's transaction id and global position
 * are bigints), and its HMAC-SHA256 (base64url). Signed, so a client cannot make the pages it reads wait
 * 5 s (and answer 503) for a position far ahead that no write of its own reached.
 */
const SIGNED_POSITION = /^(\d{1,20})\.(\d{1,20})\.([A-Za-z0-9_-]{43})$/;

const macOf = (position: string, key: Buffer) => hmacSha256(key).update(`written:${position}`).digest("base64url");

/** The cookie's value for `position`, signed with `key`. */
export const signedPosition = (position: LogPosition, key: Buffer): string => {
  const text = `${position.major}.${position.minor}`;
  return `${text}.${macOf(text, key)}`;
};

/** The position a `written` cookie's value names, when this server signed it; else null. */
export function verifiedPosition(value: string | undefined, key: Buffer): LogPosition | null {
  const m = SIGNED_POSITION.exec(value ?? "");
  if (!m) return null;
  const given = Buffer.from(m[3]);
  const expected = Buffer.from(macOf(`${m[1]}.${m[2]}`, key));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { major: BigInt(m[1]), minor: BigInt(m[2]) };
}

/** Gives each request the key `written` cookies are signed with (read once, then kept). */
export const readWrittenKey = (key: () => Promise<Buffer>) =>
  siteKeyOnRequest(key, (req, made) => {
    req.writtenKey = made;
  });

/**
 * The position this browser's last such write answered, or null (none, expired, not a position, or
 * not signed by this server: a forged or damaged cookie is ignored, as if there were none).
 */
export function writtenBy(req: Request): LogPosition | null {
  return req.writtenKey ? verifiedPosition(readCookie(req, WRITTEN_COOKIE), req.writtenKey) : null;
}

/** Sets `written` to `position` on the answer, unless the browser already carries a later write. */
export function rememberWrite(req: Request, res: Response, position: LogPosition, secure: boolean): void {
  const key = req.writtenKey;
  if (!key) throw new Error("no written cookie key: app.ts mounts readWrittenKey before the routers");
  const before = writtenBy(req);
  const latest = before && comparePositions(before, position) > 0 ? before : position;
  res.cookie(WRITTEN_COOKIE, signedPosition(latest, key), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: WRITTEN_MAX_AGE_MS,
  });
}

/**
 * Before a page reads `names`: waits until they show the write this browser's `written` cookie names.
 * Nothing to wait for without the cookie; with it, the app's wait (`visibleOrNotYet`) answers 503 when
 * they do not catch up within its bound, as the write's own answer used to.
 */
export async function seeOwnWrites(waitFor: WaitForProjections, req: Request, names: string[]): Promise<void> {
  const position = writtenBy(req);
  if (position) await waitFor(position, names);
}
