import {
  type AccountEvent,
  LoginDisabledError,
  LoginFailedError,
  NoSuchUserError,
  type UserLoggedInData,
  UserExistsError,
  ResetLinkInvalidError,
  type Sealed,
} from "@shop/shared";
import type { User } from "./user.ts";

export type AccountCommand =
  | {
      type: "RegisterUser";
      data: {
        userId: string;
        email: string;
        name: string;
        isStaff: boolean;
        passwordHash: string;
        now: Date;
        /** `{email, name}` sealed with the user's key: the event then holds "" for both. */
        personal?: Sealed;
      };
    }
  | {
      type: "RequestPasswordReset";
      /** `mailEveryMs`: a link still unused and younger than this is not mailed again (the answer stays the same). */
      data: { tokenHash: string; now: Date; expiresAt: Date; mailEveryMs?: number };
    }
  | { type: "ResetPassword"; data: { tokenHash: string; passwordHash: string; now: Date } }
  | { type: "LogIn"; data: { sessionHash: string; now: Date; expiresAt: Date } }
  | { type: "LogOut"; data: { sessionHash: string } }
  // The operator's commands (npm run ops): each is a no-op when the account is already so.
  | { type: "SetPassword"; data: { passwordHash: string; now: Date } }
  | { type: "GrantStaff" }
  | { type: "RevokeStaff" }
  | { type: "DisableUser"; data: { now: Date } }
  | { type: "EnableUser" };

const NO_SUCH_USER = () => new NoSuchUserError();

/**
 * A new password ends every session still open (whoever knew the old one may hold one): one
 * UserLoggedOut each, the path a logout takes to the sessions read model and the admin sockets.
 * The session the change itself opens (a reset signs in) comes after these.
 */
function endLiveSessions(state: User & { status: "registered" }, now: Date): AccountEvent[] {
  const at = now.toISOString();
  return [...state.sessions]
    .filter(([, expiresAt]) => expiresAt > at)
    .map(([sessionHash]) => ({ type: "UserLoggedOut", data: { userId: state.userId, sessionHash } }));
}

/** Pure: the events an account command produces on the account's state, or a refusal. */
export function decideAccount(command: AccountCommand, state: User): AccountEvent[] {
  switch (command.type) {
    case "RegisterUser": {
      if (state.status !== "none") throw new UserExistsError();
      const { now, personal, ...data } = command.data;
      const registeredAt = now.toISOString();
      return [
        {
          type: "UserRegistered",
          data: personal
            ? { ...data, email: "", name: "", registeredAt, personal }
            : { ...data, email: data.email.trim().toLowerCase(), registeredAt },
        },
      ];
    }
    case "RequestPasswordReset": {
      // A disabled account gets no link (the answer to the visitor is the same either way).
      if (state.status !== "registered" || state.disabled) return [];
      const { tokenHash, now, expiresAt, mailEveryMs = 0 } = command.data;
      // One mail per address per window: a flood of requests cannot fill the owner's mailbox.
      if (state.reset && now.getTime() - Date.parse(state.reset.requestedAt) < mailEveryMs) return [];
      const data = {
        userId: state.userId,
        tokenHash,
        requestedAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
      return [{ type: "PasswordResetRequested", data }];
    }
    case "ResetPassword": {
      const { tokenHash, passwordHash, now } = command.data;
      if (state.status !== "registered" || state.disabled) throw new ResetLinkInvalidError();
      if (!state.reset || state.reset.tokenHash !== tokenHash) throw new ResetLinkInvalidError();
      if (now.toISOString() >= state.reset.expiresAt) throw new ResetLinkInvalidError();
      return [
        { type: "PasswordResetUsed", data: { userId: state.userId, tokenHash } },
        { type: "UserPasswordChanged", data: { userId: state.userId, passwordHash } },
        ...endLiveSessions(state, now),
      ];
    }
    case "LogIn": {
      if (state.status !== "registered") throw new LoginFailedError();
      if (state.disabled) throw new LoginDisabledError();
      const data: UserLoggedInData = {
        userId: state.userId,
        sessionHash: command.data.sessionHash,
        loggedInAt: command.data.now.toISOString(),
        expiresAt: command.data.expiresAt.toISOString(),
      };
      return [{ type: "UserLoggedIn", data }];
    }
    case "LogOut":
      if (state.status !== "registered" || !state.sessions.has(command.data.sessionHash)) return [];
      return [{ type: "UserLoggedOut", data: { userId: state.userId, sessionHash: command.data.sessionHash } }];
    case "SetPassword":
      if (state.status !== "registered") throw NO_SUCH_USER();
      return [
        { type: "UserPasswordChanged", data: { userId: state.userId, passwordHash: command.data.passwordHash } },
        ...endLiveSessions(state, command.data.now),
      ];
    case "GrantStaff":
      if (state.status !== "registered") throw NO_SUCH_USER();
      return state.isStaff ? [] : [{ type: "UserStaffGranted", data: { userId: state.userId } }];
    case "RevokeStaff":
      if (state.status !== "registered") throw NO_SUCH_USER();
      return state.isStaff ? [{ type: "UserStaffRevoked", data: { userId: state.userId } }] : [];
    case "DisableUser":
      if (state.status !== "registered") throw NO_SUCH_USER();
      return state.disabled
        ? []
        : [{ type: "UserDisabled", data: { userId: state.userId, disabledAt: command.data.now.toISOString() } }];
    case "EnableUser":
      if (state.status !== "registered") throw NO_SUCH_USER();
      return state.disabled ? [{ type: "UserEnabled", data: { userId: state.userId } }] : [];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
