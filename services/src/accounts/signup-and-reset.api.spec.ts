import { describe, expect, it } from "vitest";
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_SENT,
  PASSWORD_TOO_SHORT,
  RESET_LINK_INVALID,
  START,
  userEmailStream,
  type RecordedEvent,
  readAllCommitted,
} from "@shop/shared";
import { emailHash, type Database } from "@shop/projections";
import type { Kysely } from "kysely";
import { queuedMailsIn } from "../mail/queued-mails.ts";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import type { TestClient } from "../testing/http-client.ts";
import { signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const ann = { email: "Ann@Example.org", password: "correct horse", name: "Ann Shopper" };

/** The reset link's token, from the mail the request queued (opened from its sealed box). */
const tokenOf = async (db: Kysely<Database>, events: RecordedEvent[]) => {
  const [mail] = await queuedMailsIn(db, events);
  return decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? "")?.[1] ?? "");
};

async function signUpAnn(http: { visitor(): TestClient }) {
  const client = http.visitor();
  const answer = await client.post("/api/account/signup/", ann);
  expect(answer.status).toBe(200);
  return client;
}

describe("sign up", () => {
  it("sign up answers as login does and signs in", () =>
    spec
      .given()
      .when(async (http) => {
        const client = http.visitor();
        const answer = await client.post("/api/account/signup/", ann);
        expect(answer.json).toEqual({
          metadata: { success: true },
          user: { id: expect.any(String), email: "ann@example.org", name: "Ann Shopper", is_staff: false },
        });
        return client.get("/api/account/me/");
      })
      .then(({ response }) => {
        expect(response.json.user).toMatchObject({ email: "ann@example.org", name: "Ann Shopper" });
      }));

  it("sign up seals the email and name in UserRegistered (the log holds no clear personal data there)", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/api/account/signup/", ann))
      .then(({ newEvents }) => {
        const registered = newEvents.find((e) => e.type === "UserRegistered")!;
        expect(registered.data).toMatchObject({
          email: "",
          name: "",
          personal: { box: expect.stringMatching(/^v1\./) },
        });
        expect(JSON.stringify(registered.data)).not.toMatch(/Ann|example/i);
      }));

  it("the signed-up user can sign in again with the password", () =>
    spec
      .given()
      .when(async (http) => {
        await signUpAnn(http);
        return http.visitor().post("/api/account/login/", { email: ann.email, password: ann.password });
      })
      .then(({ response }) => expect(response.json.user.email).toBe("ann@example.org")));

  it("A user with that email address already exists. (409, nothing appended)", () =>
    spec
      .given(signedInUser("ann@example.org", "Ann", { isStaff: false }))
      .when((http) => http.visitor().post("/api/account/signup/", ann))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.errors).toEqual(["email: A user with that email address already exists."]);
        expect(newEvents).toEqual([]);
      }));

  it(`${PASSWORD_TOO_SHORT} and 'Please enter a valid email address (x).'`, () =>
    spec
      .given()
      .when((http) => http.visitor().post("/api/account/signup/", { email: "x", password: "short", name: "" }))
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual([
          "email: Please enter a valid email address (x).",
          `password: ${PASSWORD_TOO_SHORT}`,
        ]);
        expect(newEvents).toEqual([]);
      }));
});

describe("password reset by a one-time emailed link", () => {
  it("the reset request answers the same whether or not the email exists; only an account gets a mail", () =>
    spec
      .given(signedInUser("bob@example.org", "Bob", { isStaff: false }))
      .when(async (http) => {
        const unknown = await http.visitor().post("/api/account/password-reset/", { email: "nobody@example.org" });
        const known = await http.visitor().post("/api/account/password-reset/", { email: "bob@example.org" });
        expect(unknown.status).toBe(known.status);
        expect(unknown.json).toEqual(known.json);
        return known;
      })
      .then(async ({ response, newEvents, db }) => {
        expect(response.json).toEqual({ metadata: { success: true, message: PASSWORD_RESET_SENT } });
        expect(newEvents.map((e) => e.type)).toEqual(["PasswordResetRequested", "MailQueued"]);
        expect(await queuedMailsIn(db, newEvents)).toMatchObject([
          { to: "bob@example.org", subject: "Reset your password" },
        ]);
        const token = await tokenOf(db, newEvents);
        expect(token).toMatch(/\./);
        // Only the token's hash is in the log.
        expect(JSON.stringify(newEvents[0].data)).not.toContain(token.split(".")[1]);
      }));

  it(`the link sets a new password and signs in: '${PASSWORD_RESET_DONE}'`, () =>
    spec
      .given()
      .when(async (http) => {
        await signUpAnn(http);
        const before = await http.visitor().post("/api/account/password-reset/", { email: ann.email });
        expect(before.status).toBe(200);
        return before;
      })
      .then(async ({ http, store, db }) => {
        const token = await tokenOf(db, await readAllCommitted(store, START, { limit: 1000 }));
        const browser = http.visitor();
        const reset = await browser.post("/api/account/password-reset/confirm/", { token, password: "a new password" });
        expect(reset.json).toMatchObject({ metadata: { success: true, message: PASSWORD_RESET_DONE } });
        expect((await browser.get("/api/account/me/")).json.user.email).toBe("ann@example.org");
        const login = await http
          .visitor()
          .post("/api/account/login/", { email: ann.email, password: "a new password" });
        expect(login.status).toBe(200);
        const old = await http.visitor().post("/api/account/login/", { email: ann.email, password: ann.password });
        expect(old.status).toBe(400);
      }));

  it(`a reset link works once: ${RESET_LINK_INVALID}`, () =>
    spec
      .given()
      .when(async (http) => {
        await signUpAnn(http);
        return http.visitor().post("/api/account/password-reset/", { email: ann.email });
      })
      .then(async ({ http, store, db }) => {
        const token = await tokenOf(db, await readAllCommitted(store, START, { limit: 1000 }));
        const first = await http
          .visitor()
          .post("/api/account/password-reset/confirm/", { token, password: "first new one" });
        expect(first.status).toBe(200);
        const second = await http
          .visitor()
          .post("/api/account/password-reset/confirm/", { token, password: "second one!" });
        expect(second.status).toBe(400);
        expect(second.json.metadata.errors).toEqual([`__all__: ${RESET_LINK_INVALID}`]);
      }));

  it("a made-up token is refused", () =>
    spec
      .given(signedInUser("bob@example.org", "Bob", { isStaff: false }))
      .when((http) =>
        http.visitor().post("/api/account/password-reset/confirm/", { token: "nope", password: "whatever123" }),
      )
      .then(({ response, newEvents }) => {
        expect(response.json.metadata.errors).toEqual([`__all__: ${RESET_LINK_INVALID}`]);
        expect(newEvents).toEqual([]);
      }));
});

describe("the email claim", () => {
  it("sign up claims the email (lowercased) so no second account can take it", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/api/account/signup/", ann))
      .then(async ({ newEvents, db }) => {
        const claimStream = userEmailStream(await emailHash(db, "ann@example.org"));
        expect(newEvents[0]).toMatchObject({ streamId: claimStream, type: "UserEmailClaimed" });
        expect(JSON.stringify(newEvents[0]!.data)).not.toMatch(/ann@example/i);
      }));
});
