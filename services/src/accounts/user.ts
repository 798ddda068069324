import { RETRY } from "../platform/command-handler.ts";
import { accountEvents, type AccountEvent } from "@shop/shared";

/** An account's own requests rarely race (a login and a reset at once): one fresh try. */
export const ACCOUNT_RETRY = RETRY.once;

/** A user account as its own stream folds it: what the account's commands need to decide. */
export type User =
  | { status: "none" }
  | {
      status: "registered";
      userId: string;
      email: string;
      name: string;
      isStaff: boolean;
      passwordHash: string;
      /** Open sessions: hash → when it expires (a password change ends the ones still live). */
      sessions: Map<string, string>;
      disabled: boolean;
      /** The one reset link that works: the latest emailed, until used or expired. */
      reset: { tokenHash: string; requestedAt: string; expiresAt: string } | null;
    };

export const initialUser = (): User => ({ status: "none" });

export function evolveUser(state: User, event: AccountEvent): User {
  switch (event.type) {
    case "UserRegistered":
      return { status: "registered", ...event.data, sessions: new Map(), disabled: false, reset: null };
    case "UserEmailClaimed":
      return state;
    default:
      if (state.status !== "registered") return state;
  }
  switch (event.type) {
    case "UserRenamed":
      return { ...state, name: event.data.name };
    case "UserPasswordChanged":
      return { ...state, passwordHash: event.data.passwordHash, reset: null };
    case "PasswordResetRequested":
      return {
        ...state,
        reset: {
          tokenHash: event.data.tokenHash,
          requestedAt: event.data.requestedAt,
          expiresAt: event.data.expiresAt,
        },
      };
    case "PasswordResetUsed":
      return { ...state, reset: null };
    case "UserStaffGranted":
      return { ...state, isStaff: true };
    case "UserStaffRevoked":
      return { ...state, isStaff: false };
    case "UserDisabled":
      return { ...state, disabled: true, sessions: new Map() };
    case "UserEnabled":
      return { ...state, disabled: false };
    case "UserLoggedIn":
      return { ...state, sessions: new Map([...state.sessions, [event.data.sessionHash, event.data.expiresAt]]) };
    case "UserLoggedOut": {
      const sessions = new Map(state.sessions);
      sessions.delete(event.data.sessionHash);
      return { ...state, sessions };
    }
    default: {
      event satisfies never; // an event this code does not know (retired, or from a newer writer) changes nothing
      return state;
    }
  }
}

export const userDecider = { initialState: initialUser, events: accountEvents, evolve: evolveUser };
