import { DomainError } from "../errors/domain-error.ts";
import {
  LOGIN_DISABLED,
  LOGIN_FAILED,
  LOGIN_THROTTLED,
  PASSWORD_WORK_BUSY,
  RESET_LINK_INVALID,
  RESET_THROTTLED,
  SIGNUP_THROTTLED,
} from "./api.ts";

export const accountErrorCodes = [
  "LOGIN_FAILED",
  "LOGIN_DISABLED",
  "LOGIN_THROTTLED",
  "NO_SUCH_USER",
  "USER_EXISTS",
  "EMAIL_TAKEN",
  "RESET_LINK_INVALID",
  "SIGNUP_THROTTLED",
  "RESET_THROTTLED",
  "PASSWORD_WORK_BUSY",
] as const;
export type AccountErrorCode = (typeof accountErrorCodes)[number];

/** A wrong email or password; says nothing of which. */
export class LoginFailedError extends DomainError<"LOGIN_FAILED"> {
  constructor() {
    super("LOGIN_FAILED", LOGIN_FAILED);
  }
}

/** The right password for a disabled account. */
export class LoginDisabledError extends DomainError<"LOGIN_DISABLED"> {
  constructor() {
    super("LOGIN_DISABLED", LOGIN_DISABLED);
  }
}

/** Too many failed attempts for this address, email or account. */
export class TooManyLoginsError extends DomainError<"LOGIN_THROTTLED"> {
  constructor() {
    super("LOGIN_THROTTLED", LOGIN_THROTTLED);
  }
}

export class NoSuchUserError extends DomainError<"NO_SUCH_USER"> {
  constructor() {
    super("NO_SUCH_USER", "There is no such user.");
  }
}

export class UserExistsError extends DomainError<"USER_EXISTS"> {
  constructor() {
    super("USER_EXISTS", "This user already exists.");
  }
}

export class EmailTakenError extends DomainError<"EMAIL_TAKEN"> {
  constructor() {
    const message = "A user with that email address already exists.";
    super("EMAIL_TAKEN", message, { email: [message] });
  }
}

/** A password reset link that is unknown, used already, superseded by a newer one, or expired. */
export class ResetLinkInvalidError extends DomainError<"RESET_LINK_INVALID"> {
  constructor() {
    super("RESET_LINK_INVALID", RESET_LINK_INVALID);
  }
}

/** Too many sign-ups from one address within the hour; `retryAfterSeconds` tells when the next one is taken. */
export class SignupThrottledError extends DomainError<"SIGNUP_THROTTLED"> {
  constructor(readonly retryAfterSeconds: number) {
    super("SIGNUP_THROTTLED", SIGNUP_THROTTLED);
  }
}

/** Too many wrong reset links from one address; refused before any password is hashed. */
export class ResetThrottledError extends DomainError<"RESET_THROTTLED"> {
  constructor(readonly retryAfterSeconds: number) {
    super("RESET_THROTTLED", RESET_THROTTLED);
  }
}

/** Every password hashing slot and its queue are taken: try again in a moment (503). */
export class PasswordWorkBusyError extends DomainError<"PASSWORD_WORK_BUSY"> {
  readonly retryAfterSeconds = 1;
  constructor() {
    super("PASSWORD_WORK_BUSY", PASSWORD_WORK_BUSY);
  }
}
