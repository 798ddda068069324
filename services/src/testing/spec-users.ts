import { randomBytes, randomUUID } from "node:crypto";
import { legacyUserEmailStream, userStream } from "@shop/shared";
import { hashSessionId } from "../platform/http/session-id.ts";
import type { GivenEvent } from "./given-event.ts";

/** A user who is signed in before the scenario starts: their account and session are given events, no argon2, no login request. */
export interface SpecUser {
  id: string;
  name: string;
  email: string;
  isStaff: boolean;
  /** The cookie's session id; the log holds only its hash, as after a real login. */
  sessionId: string;
  /** What registering and logging in would have appended. */
  events: GivenEvent[];
}

/** A signed-in user (staff unless told), as registerUser and POST /api/account/login/ would leave them. */
export function signedInUser(
  email: string,
  name: string,
  options: { isStaff?: boolean; sessionSecret?: string; now?: Date } = {},
): SpecUser {
  const id = randomUUID();
  const isStaff = options.isStaff ?? true;
  const sessionId = randomBytes(32).toString("base64url");
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + 14 * 86_400_000).toISOString();
  return {
    id,
    name,
    email,
    isStaff,
    sessionId,
    events: [
      // Given events need no database: the claim as it stood before the keyed hash, which still counts.
      { streamId: legacyUserEmailStream(email), type: "UserEmailClaimed", data: { userId: id, email } },
      {
        streamId: userStream(id),
        type: "UserRegistered",
        data: { userId: id, email, name, isStaff, passwordHash: "(none: signed in by the spec)", registeredAt: at },
      },
      {
        streamId: userStream(id),
        type: "UserLoggedIn",
        data: { userId: id, sessionHash: hashSessionId(sessionId, options.sessionSecret), loggedInAt: at, expiresAt },
      },
    ],
  };
}

/** The user as locks and `by` fields show them. */
export const actorOf = (user: SpecUser) => ({ id: user.id, name: user.name });
