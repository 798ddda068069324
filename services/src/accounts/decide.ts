import type { AccountEvent, UserLoggedInData } from "@shop/shared";
import { DomainError } from "../platform/domain-error.ts";
import type { User } from "./user.ts";

export type AccountCommand =
  | { type: "RegisterUser"; data: { userId: string; email: string; name: string; isStaff: boolean; passwordHash: string; now: Date } }
  | { type: "LogIn"; data: { sessionHash: string; now: Date; expiresAt: Date } }
  | { type: "LogOut"; data: { sessionHash: string } };

/** Pure: the events an account command produces on the account's state, or a refusal. */
export function decideAccount(command: AccountCommand, state: User): AccountEvent[] {
  switch (command.type) {
    case "RegisterUser": {
      if (state.status !== "none") throw new DomainError("USER_EXISTS", "This user already exists.", 409);
      const { now, ...data } = command.data;
      return [{ type: "UserRegistered", data: { ...data, email: data.email.trim().toLowerCase(), registeredAt: now.toISOString() } }];
    }
    case "LogIn": {
      if (state.status !== "registered") throw new DomainError("LOGIN_FAILED", "Please enter a correct email and password.");
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
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
