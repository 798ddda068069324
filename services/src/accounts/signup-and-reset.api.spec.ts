import { describe, expect, it } from "vitest";
import {
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_SENT,
  PASSWORD_TOO_SHORT,
  RESET_LINK_INVALID,
  START,
  userEmailStream,
  type EventStore,
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
import { DEVICE_COOKIE, DEVICE_DAYS } from "./device-cookie.ts";
import { PASSWORD_HASHING, passwordHashing } from "./passwords.ts";

const spec = apiSpec(createApp);
const ann = { email: "Ann@Example.org", password: "correct horse", name: "Ann Shopper" };

/** The reset link's token, from the last mail queued (opened from its sealed box). */
const tokenOf = async (db: Kysely<Database>, events: RecordedEvent[]) => {
  const mail = (await queuedMailsIn(db, events)).at(-1);
  return decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? "")?.[1] ?? "");
};

/** The mails queued so far (the reset link is mailed after the answer, so a test waits for it). */
const mailsIn = async (store: EventStore) =>
  (await readAllCommitted(store, START, { limit: 100_000 })).filter((e) => e.type === "MailQueued");

/** Waits for the `count`th mail and answers the log up to then. */
async function mailed(store: EventStore, count = 1): Promise<RecordedEvent[]> {
  await expect.poll(async () => (await mailsIn(store)).length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  return readAllCommitted(store, START, { limit: 100_000 });
}

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
      .then(async ({ response, store, db }) => {
        expect(response.json).toEqual({ metadata: { success: true, message: PASSWORD_RESET_SENT } });
        const events = await mailed(store);
        const appended = events.filter((e) => e.type === "PasswordResetRequested" || e.type === "MailQueued");
        expect(appended.map((e) => e.type)).toEqual(["PasswordResetRequested", "MailQueued"]);
        expect(await queuedMailsIn(db, appended)).toMatchObject([
          { to: "bob@example.org", subject: "Reset your password" },
        ]);
        expect(await tokenOf(db, events)).toMatch(/\./);
        // Only the token's hash is in the log.
        expect(JSON.stringify(appended[0].data)).not.toContain((await tokenOf(db, events)).split(".")[1]);
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
        const token = await tokenOf(db, await mailed(store));
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
        const token = await tokenOf(db, await mailed(store));
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

describe("issue 22: sessions, mail floods and argon2 work", () => {
  it("security 3: a reset through the link ends every other session; the browser that used it is signed in", async () => {
    let first: TestClient;
    let second: TestClient;
    await spec
      .given()
      .when(async (http) => {
        first = await signUpAnn(http);
        second = http.visitor();
        expect((await second.post("/api/account/login/", { email: ann.email, password: ann.password })).status).toBe(
          200,
        );
        return http.visitor().post("/api/account/password-reset/", { email: ann.email });
      })
      .then(async ({ http, store, db }) => {
        expect((await first.get("/api/account/me/")).json.user.email).toBe("ann@example.org");
        const token = await tokenOf(db, await mailed(store));
        const third = http.visitor();
        const reset = await third.post("/api/account/password-reset/confirm/", { token, password: "a new password" });
        expect(reset.status).toBe(200);
        for (const old of [first, second]) {
          expect((await old.get("/api/account/me/")).json.user).toBeNull();
          expect((await old.get("/api/account/addresses/")).status).toBe(401);
        }
        expect((await third.get("/api/account/me/")).json.user.email).toBe("ann@example.org");
        expect((await third.get("/api/account/addresses/")).status).toBe(200);
      });
  });

  it("security 13: a sign-up marks the browser for its account (a long-lived, httpOnly device cookie)", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/api/account/signup/", ann))
      .then(({ response }) => {
        const device = response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? "";
        expect(device).toMatch(/HttpOnly/i);
        expect(Number(/Max-Age=(\d+)/i.exec(device)?.[1])).toBe(DEVICE_DAYS * 86_400);
      }));

  it("security 8: 20 reset requests for one address queue one mail, and every answer is the same", () =>
    spec
      .given(signedInUser("bob@example.org", "Bob", { isStaff: false }))
      .when(async (http) => {
        const answers = [];
        for (let i = 0; i < 20; i++)
          answers.push(await http.visitor().post("/api/account/password-reset/", { email: "Bob@Example.org" }));
        expect(new Set(answers.map((a) => JSON.stringify([a.status, a.json]))).size).toBe(1);
        return answers[19];
      })
      .then(async ({ response, store, http, db }) => {
        expect(response.json).toEqual({ metadata: { success: true, message: PASSWORD_RESET_SENT } });
        await mailed(store);
        // The requests' work runs after their answers: give the last ones time to finish, then count.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const mails = await mailsIn(store);
        expect((await queuedMailsIn(db, mails)).map((m) => m.to)).toEqual(["bob@example.org"]);
        // The one link mailed still works: later requests did not replace it.
        const token = await tokenOf(db, mails);
        const reset = await http
          .visitor()
          .post("/api/account/password-reset/confirm/", { token, password: "new one!" });
        expect(reset.status).toBe(200);
      }));

  it(
    "security 12: the 21st sign-up from one address within the hour is refused with Retry-After, before hashing",
    {
      timeout: 60_000,
    },
    () =>
      spec
        .given()
        .when(async (http) => {
          for (let i = 0; i < 20; i++) {
            const answer = await http
              .visitor()
              .post("/api/account/signup/", { email: `shopper${i}@example.org`, password: "long enough" });
            expect(answer.status).toBe(200);
          }
          return http
            .visitor()
            .post("/api/account/signup/", { email: "one.more@example.org", password: "long enough" });
        })
        .then(async ({ response, newEvents, db }) => {
          expect(response.status).toBe(429);
          expect(response.json.metadata.code).toBe("SIGNUP_THROTTLED");
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(newEvents.filter((e) => e.type === "UserRegistered")).toHaveLength(20);
          const claim = userEmailStream(await emailHash(db, "one.more@example.org"));
          expect(newEvents.filter((e) => e.streamId === claim)).toEqual([]);
        }),
  );

  it("security 12: made-up reset links from one address are refused after 10, with no password hashed", () =>
    spec
      .given(signedInUser("bob@example.org", "Bob", { isStaff: false }))
      .when(async (http) => {
        const hashedBefore = passwordHashing.done;
        const client = http.visitor();
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const answer = await client.post("/api/account/password-reset/confirm/", {
            token: `made-up-${i}.not-a-real-token`,
            password: "whatever123",
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([...Array(10).fill(400), 429]);
        expect(passwordHashing.done).toBe(hashedBefore);
        return client.post("/api/account/password-reset/confirm/", { token: "x.y", password: "whatever123" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(429);
        expect(response.json.metadata.code).toBe("RESET_THROTTLED");
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(newEvents).toEqual([]);
      }));

  it("security 12: with every hashing slot and the queue taken, a sign-up is answered 503 with Retry-After at once", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: PASSWORD_HASHING.concurrent + PASSWORD_HASHING.queued }, () =>
      passwordHashing.run(() => held),
    );
    try {
      await spec
        .given()
        .when((http) => http.visitor().post("/api/account/signup/", ann))
        .then(({ response, newEvents }) => {
          expect(response.status).toBe(503);
          expect(response.json.metadata.code).toBe("PASSWORD_WORK_BUSY");
          expect(response.headers.get("retry-after")).toBe("1");
          expect(newEvents).toEqual([]);
        });
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
