import { describe, it } from "vitest";
import type { AccountEvent } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideAccount } from "./decide.ts";
import { userDecider } from "./user.ts";

const spec = deciderSpec(userDecider, decideAccount);
const now = new Date("2026-11-22T10:00:00Z");
const expiresAt = new Date("2026-12-06T10:00:00Z");
const registered: AccountEvent = {
  type: "UserRegistered",
  data: {
    userId: "u1",
    email: "a@b.org",
    name: "A",
    isStaff: true,
    passwordHash: "h",
    registeredAt: now.toISOString(),
  },
};

describe("account rules", () => {
  it("registering a new user records it with a lowercased email and the command's clock", () => {
    spec
      .given([])
      .when({
        type: "RegisterUser",
        data: { userId: "u1", email: "A@B.org", name: "A", isStaff: true, passwordHash: "h", now },
      })
      .then([registered]);
  });

  it("a user id cannot be registered twice", () => {
    spec
      .given([registered])
      .when({
        type: "RegisterUser",
        data: { userId: "u1", email: "a@b.org", name: "A", isStaff: true, passwordHash: "h", now },
      })
      .thenThrows("USER_EXISTS");
  });

  it("logging in opens a session that expires at the given time", () => {
    spec
      .given([registered])
      .when({ type: "LogIn", data: { sessionHash: "s1", now, expiresAt } })
      .then([
        {
          type: "UserLoggedIn",
          data: { userId: "u1", sessionHash: "s1", loggedInAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
        },
      ]);
  });

  it("an unknown user cannot log in", () => {
    spec
      .given([])
      .when({ type: "LogIn", data: { sessionHash: "s1", now, expiresAt } })
      .thenThrows("LOGIN_FAILED");
  });

  it("logging out ends an open session", () => {
    spec
      .given([
        registered,
        {
          type: "UserLoggedIn",
          data: { userId: "u1", sessionHash: "s1", loggedInAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
        },
      ])
      .when({ type: "LogOut", data: { sessionHash: "s1" } })
      .then([{ type: "UserLoggedOut", data: { userId: "u1", sessionHash: "s1" } }]);
  });

  it("logging out of a session that is not open records nothing", () => {
    spec
      .given([registered])
      .when({ type: "LogOut", data: { sessionHash: "s1" } })
      .then([]);
  });

  describe("operator commands", () => {
    const disabled: AccountEvent = { type: "UserDisabled", data: { userId: "u1", disabledAt: now.toISOString() } };

    it("core hardening 13: a disabled user cannot log in, even with the right password", () => {
      spec
        .given([registered, disabled])
        .when({ type: "LogIn", data: { sessionHash: "s1", now, expiresAt } })
        .thenThrows("LOGIN_DISABLED");
    });

    it("disabling records it once; enabling lets the user log in again", () => {
      spec.given([registered]).when({ type: "DisableUser", data: { now } }).then([disabled]);
      spec.given([registered, disabled]).when({ type: "DisableUser", data: { now } }).then([]);
      spec
        .given([registered, disabled])
        .when({ type: "EnableUser" })
        .then([{ type: "UserEnabled", data: { userId: "u1" } }]);
      spec
        .given([registered, disabled, { type: "UserEnabled", data: { userId: "u1" } }])
        .when({ type: "LogIn", data: { sessionHash: "s1", now, expiresAt } })
        .then([
          {
            type: "UserLoggedIn",
            data: {
              userId: "u1",
              sessionHash: "s1",
              loggedInAt: now.toISOString(),
              expiresAt: expiresAt.toISOString(),
            },
          },
        ]);
    });

    it("granting or revoking staff changes only what differs", () => {
      spec.given([registered]).when({ type: "GrantStaff" }).then([]);
      spec
        .given([registered])
        .when({ type: "RevokeStaff" })
        .then([{ type: "UserStaffRevoked", data: { userId: "u1" } }]);
      spec
        .given([registered, { type: "UserStaffRevoked", data: { userId: "u1" } }])
        .when({ type: "GrantStaff" })
        .then([{ type: "UserStaffGranted", data: { userId: "u1" } }]);
    });

    it("setting a password records the new hash", () => {
      spec
        .given([registered])
        .when({ type: "SetPassword", data: { passwordHash: "h2", now } })
        .then([{ type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "h2" } }]);
    });

    it("security 3: setting a password ends every session still open, not the expired or closed ones", () => {
      const loggedIn = (sessionHash: string, until: Date): AccountEvent => ({
        type: "UserLoggedIn",
        data: { userId: "u1", sessionHash, loggedInAt: now.toISOString(), expiresAt: until.toISOString() },
      });
      spec
        .given([
          registered,
          loggedIn("s1", expiresAt),
          loggedIn("s2", expiresAt),
          loggedIn("old", new Date(now.getTime() - 1000)),
          loggedIn("s3", expiresAt),
          { type: "UserLoggedOut", data: { userId: "u1", sessionHash: "s3" } },
        ])
        .when({ type: "SetPassword", data: { passwordHash: "h2", now } })
        .then([
          { type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "h2" } },
          { type: "UserLoggedOut", data: { userId: "u1", sessionHash: "s1" } },
          { type: "UserLoggedOut", data: { userId: "u1", sessionHash: "s2" } },
        ]);
    });

    it("an operator command on an unknown user is refused", () => {
      for (const command of [
        { type: "GrantStaff" },
        { type: "RevokeStaff" },
        { type: "EnableUser" },
        { type: "DisableUser", data: { now } },
        { type: "SetPassword", data: { passwordHash: "h", now } },
      ] as const) {
        spec.given([]).when(command).thenThrows("NO_SUCH_USER");
      }
    });
  });
});

describe("password reset rules", () => {
  const later = (ms: number) => new Date(now.getTime() + ms);
  const requested: AccountEvent = {
    type: "PasswordResetRequested",
    data: { userId: "u1", tokenHash: "t1", requestedAt: now.toISOString(), expiresAt: later(7_200_000).toISOString() },
  };

  it("a reset request records the token's hash and its expiry", () =>
    spec
      .given([registered])
      .when({ type: "RequestPasswordReset", data: { tokenHash: "t1", now, expiresAt: later(7_200_000) } })
      .then([requested]));

  it("security 8: a second request while the link is younger than the window mails nothing; after it, a new link", () => {
    const ask = (at: Date) =>
      ({
        type: "RequestPasswordReset",
        data: { tokenHash: "t2", now: at, expiresAt: later(7_200_000), mailEveryMs: 300_000 },
      }) as const;
    spec
      .given([registered, requested])
      .when(ask(later(299_000)))
      .then([]);
    spec
      .given([registered, requested])
      .when(ask(later(300_000)))
      .then([
        {
          type: "PasswordResetRequested",
          data: {
            userId: "u1",
            tokenHash: "t2",
            requestedAt: later(300_000).toISOString(),
            expiresAt: later(7_200_000).toISOString(),
          },
        },
      ]);
  });

  it("a disabled account gets no reset link", () =>
    spec
      .given([registered, { type: "UserDisabled", data: { userId: "u1", disabledAt: now.toISOString() } }])
      .when({ type: "RequestPasswordReset", data: { tokenHash: "t1", now, expiresAt: later(7_200_000) } })
      .then([]));

  it("the link sets the new password and is used up", () =>
    spec
      .given([registered, requested])
      .when({ type: "ResetPassword", data: { tokenHash: "t1", passwordHash: "h2", now: later(60_000) } })
      .then([
        { type: "PasswordResetUsed", data: { userId: "u1", tokenHash: "t1" } },
        { type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "h2" } },
      ]));

  it("security 3: a reset ends every session still open", () =>
    spec
      .given([
        registered,
        {
          type: "UserLoggedIn",
          data: { userId: "u1", sessionHash: "s1", loggedInAt: now.toISOString(), expiresAt: expiresAt.toISOString() },
        },
        requested,
      ])
      .when({ type: "ResetPassword", data: { tokenHash: "t1", passwordHash: "h2", now: later(60_000) } })
      .then([
        { type: "PasswordResetUsed", data: { userId: "u1", tokenHash: "t1" } },
        { type: "UserPasswordChanged", data: { userId: "u1", passwordHash: "h2" } },
        { type: "UserLoggedOut", data: { userId: "u1", sessionHash: "s1" } },
      ]));

  it("a reset link works once", () =>
    spec
      .given([registered, requested, { type: "PasswordResetUsed", data: { userId: "u1", tokenHash: "t1" } }])
      .when({ type: "ResetPassword", data: { tokenHash: "t1", passwordHash: "h3", now: later(60_000) } })
      .thenThrows("RESET_LINK_INVALID"));

  it("a reset link expires", () =>
    spec
      .given([registered, requested])
      .when({ type: "ResetPassword", data: { tokenHash: "t1", passwordHash: "h2", now: later(7_200_000) } })
      .thenThrows("RESET_LINK_INVALID"));

  it("a newer link replaces the older one", () =>
    spec
      .given([registered, requested, { ...requested, data: { ...requested.data, tokenHash: "t2" } } as AccountEvent])
      .when({ type: "ResetPassword", data: { tokenHash: "t1", passwordHash: "h2", now: later(60_000) } })
      .thenThrows("RESET_LINK_INVALID"));

  it("an unknown token is refused", () =>
    spec
      .given([registered])
      .when({ type: "ResetPassword", data: { tokenHash: "t9", passwordHash: "h2", now } })
      .thenThrows("RESET_LINK_INVALID"));
});
