import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";
import { Sealed, type EmailHash } from "../personal-data/sealed.ts";

/** Stream of one user account. */
export const userStream = (userId: string) => `user-${userId}`;
/**
 * Claims an email address for one account: appended with expected version no-stream, so two sign-ups
 * can't share it. Named by the email's keyed hash, never the address.
 */
export const userEmailStream = (hash: EmailHash) => `useremail-${hash}`;
/** The claim stream as it was named before the keyed hash (the address itself): still read, never written. */
export const legacyUserEmailStream = (email: string) => `useremail-${email.trim().toLowerCase()}`;

export const UserEmailClaimed = defineEvent(
  "UserEmailClaimed",
  z.object({
    userId: z.string(),
    /** "" when `sealed` holds it (claims since the keyed hash); older claims carry it in clear. */
    email: z.string(),
    /** `{ email }` sealed with the user's key. */
    sealed: Sealed.optional(),
  }),
);

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
    /**
     * `{ email, name }` sealed with the user's own key (sign-ups since the address book): `email` and
     * `name` above are then "". Older events carry them in clear and stay readable.
     */
    personal: Sealed.optional(),
  }),
);

/** The sealed part of a UserRegistered. */
export const RegisteredPersonal = z.object({ email: z.string(), name: z.string() });

/** A reset link was emailed. Only a hash of its token is kept; the link works once, until `expiresAt`. */
export const PasswordResetRequested = defineEvent(
  "PasswordResetRequested",
  z.object({ userId: z.string(), tokenHash: z.string(), requestedAt: z.string(), expiresAt: z.string() }),
);
/** The link was used (a UserPasswordChanged follows): it never works again. */
export const PasswordResetUsed = defineEvent(
  "PasswordResetUsed",
  z.object({ userId: z.string(), tokenHash: z.string() }),
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
  PasswordResetRequested,
  PasswordResetUsed,
] as const;

export type UserRegisteredData = z.infer<typeof UserRegistered.schema>;
export type UserLoggedInData = z.infer<typeof UserLoggedIn.schema>;

export type AccountEvent = EventOf<typeof accountEvents>;
