import type { RecordedEvent } from "@shop/shared";
import type { SessionEndReason } from "@shop/shared/live/messages";
import { userRoom } from "./live-messages.ts";

/** Room of the admin sockets opened with one session (all tabs sharing its cookie, on this process). */
export const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;

/**
 * The admin sockets an event must close: a logged-out session's (so the tab no longer keeps its
 * user present and their automatic locks expire as designed), or every socket of a user who is
 * no longer staff or was disabled. Every process tails the log, so each closes its own sockets.
 */
export function socketsToClose(
  event: RecordedEvent,
): { room: string; reason: SessionEndReason; sessionHash?: string } | null {
  if (event.type === "UserLoggedOut") {
    const { sessionHash } = event.data as { sessionHash: string };
    return { room: sessionRoom(sessionHash), reason: "logged_out", sessionHash };
  }
  if (event.type === "UserStaffRevoked")
    return { room: userRoom((event.data as { userId: string }).userId), reason: "staff_revoked" };
  if (event.type === "UserDisabled")
    return { room: userRoom((event.data as { userId: string }).userId), reason: "disabled" };
  return null;
}

/**
 * Sessions that ended lately. A socket whose handshake was checked against the sessions read model
 * just before its logout was projected could otherwise slip in after the disconnect: it is refused.
 */
export function createEndedSessions(keepMs = 10 * 60_000) {
  const ended = new Map<string, number>();
  return {
    add(sessionHash: string) {
      const now = Date.now();
      for (const [hash, at] of ended) if (now - at > keepMs) ended.delete(hash);
      ended.set(sessionHash, now);
    },
    has: (sessionHash: string) => ended.has(sessionHash),
  };
}
