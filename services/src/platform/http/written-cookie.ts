import type { Request, Response } from "express";
import { comparePositions, type LogPosition } from "@shop/shared";
import type { WaitForProjections } from "../read-your-writes.ts";
import { readCookie } from "./cookies.ts";

/**
 * Read-your-writes carried by the browser, for a write whose answer does not wait for its read models
 * (the checkout's payment, issue 28 point 3): the answer sets `written` to the write's log position,
 * and the pages that read those read models wait for it (`seeOwnWrites`) before they read. The writer
 * waits only where it reads, and only while the read models are behind its own write; nobody else waits.
 */
export const WRITTEN_COOKIE = "written";
/**
 * Long enough for any read model that is running to pass a write (the wait itself is bounded at 5 s);
 * short, so a cookie that a later page no longer needs is soon gone.
 */
const WRITTEN_MAX_AGE_MS = 10 * 60_000;
/** `{major}.{minor}`, digits only (PostgreSQL's transaction id and global position are bigints). */
const POSITION = /^(\d{1,20})\.(\d{1,20})$/;

/** The position this browser's last such write answered, or null (none, expired, or not a position). */
export function writtenBy(req: Request): LogPosition | null {
  const m = POSITION.exec(readCookie(req, WRITTEN_COOKIE) ?? "");
  return m ? { major: BigInt(m[1]), minor: BigInt(m[2]) } : null;
}

/** Sets `written` to `position` on the answer, unless the browser already carries a later write. */
export function rememberWrite(req: Request, res: Response, position: LogPosition, secure: boolean): void {
  const before = writtenBy(req);
  const latest = before && comparePositions(before, position) > 0 ? before : position;
  res.cookie(WRITTEN_COOKIE, `${latest.major}.${latest.minor}`, {
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
