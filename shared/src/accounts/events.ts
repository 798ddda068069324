import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/** Stream of one user account. */
export const userStream = (userId: string) => `user-${userId}`;
/** Claims an email address for one account: appended with expected version no-stream, so two sign-ups can't share it. */
export const userEmailStream = (email: string) => `useremail-${email.trim().toLowerCase()}`;

export const UserEmailClaimed = defineEvent("UserEmailClaimed", z.object({ userId: z.string(), email: z.string() }));

export const UserRegistered = defineEvent(
  "UserRegistered",
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    isStaff: z.boolean(),
    /** argon2id hash; never shown by the audit view, logs or pushes. */
    passwordHash: z.string(),
    registeredAt: z.string(),
  }),
);

export const UserRenamed = defineEvent("UserRenamed", z.object({ userId: z.string(), name: z.string() }));

export const UserPasswordChanged = defineEvent(
  "UserPasswordChanged",
  z.object({ userId: z.string(), passwordHash: z.string() }),
);

export const UserStaffGranted = defineEvent("UserStaffGranted", z.object({ userId: z.string() }));
export const UserStaffRevoked = defineEvent("UserStaffRevoked", z.object({ userId: z.string() }));
/** An operator disabled the account: every session ends and it can no longer log in. */
export const UserDisabled = defineEvent("UserDisabled", z.object({ userId: z.string(), disabledAt: z.string() }));
export const UserEnabled = defineEvent("UserEnabled", z.object({ userId: z.string() }));

/** `sessionHash` is a keyed hash of the cookie's session id: the id itself is never stored. */
export const UserLoggedIn = defineEvent(
  "UserLoggedIn",
  z.object({ userId: z.string(), sessionHash: z.string(), loggedInAt: z.string(), expiresAt: z.string() }),
);
export const UserLoggedOut = defineEvent("UserLoggedOut", z.object({ userId: z.string(), sessionHash: z.string() }));

export const accountEvents = [
  UserEmailClaimed,
  UserRegistered,
  UserRenamed,
  UserPasswordChanged,
  UserStaffGranted,
  UserStaffRevoked,
  UserDisabled,
  UserEnabled,
  UserLoggedIn,
  UserLoggedOut,
] as const;

export type UserRegisteredData = z.infer<typeof UserRegistered.schema>;
export type UserLoggedInData = z.infer<typeof UserLoggedIn.schema>;

export type AccountEvent = EventOf<typeof accountEvents>;
