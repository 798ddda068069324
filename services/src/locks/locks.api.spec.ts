import { describe, expect, it } from "vitest";
import { recordLockStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { lockBody } from "../testing/server-kit.ts";
import { actorOf, signedInUser, type SpecUser } from "../testing/spec-users.ts";

// The rules of record locks as HTTP answers, on the in-memory log. What needs a running server
// (pushes to other editors' sockets) stays in locks.int.spec.ts.
const spec = apiSpec(createApp);

const LOCKED = "Object is already locked!";
const URL = "/admin/base/record-locks/";
const refusedBy = (user: { id: string; name: string }, reason = 1, comment = "", autoCreated = true) => ({
  metadata: { success: false, code: "ALREADY_LOCKED", message: LOCKED, errors: [LOCKED] },
  lock: { user, reason, comment, autoCreated },
});

const edna = signedInUser("edna@example.org", "Edna Editor");
const rick = signedInUser("rick@example.org", "Rick Reviewer");
const sam = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });

/** `holder` locked content node `id`, as POST record-locks would have recorded it. */
function locked(
  holder: SpecUser,
  id: number,
  lock: { reason?: number; comment?: string; autoCreated?: boolean } = {},
): GivenEvent {
  const { reason = 1, comment = "", autoCreated = reason === 1 } = lock;
  return {
    streamId: recordLockStream("content", "contentnode", id),
    type: "LockTaken",
    data: {
      app: "content",
      model: "contentnode",
      id,
      user: actorOf(holder),
      reason,
      comment,
      autoCreated,
      takenAt: new Date().toISOString(),
    },
    metadata: { userId: holder.id },
  };
}

describe("code health 4: record locks through the API on the in-memory log", () => {
  it("the reasons list starts with 1 'Automatic'", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).get("/admin/base/record-lock-reasons/"))
      .then({
        status: 200,
        body: {
          metadata: { success: true },
          items: [
            { id: 1, title: "Automatic" },
            { id: 2, title: "Editing content" },
            { id: 3, title: "Reviewing" },
            { id: 4, title: "Other" },
          ],
          total: 4,
          count: 4,
          start: 0,
        },
      }));

  it("a free record answers lock null", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).get(`${URL}?app=content&model=contentnode&id=100`))
      .then({ status: 200, body: { metadata: { success: true }, lock: null } }));

  it("reason 1 (or isAuto) is an automatic lock; a missing reason means 1", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).post(`${URL}?ts=1`, {
          objs: [{ app: "content", model: "contentnode", id: "102", isAuto: true }],
          reason: 1,
          comment: "",
        }),
      )
      .then(async ({ response, http }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          lock: { user: actorOf(edna), reason: 1, comment: "", autoCreated: true },
        });
        const bare = await http.as(edna).post(URL, lockBody(103));
        expect(bare.json.lock).toEqual({ user: actorOf(edna), reason: 1, comment: "", autoCreated: true });
      }));

  it("re-taking your own lock releases it first, then takes it anew", () =>
    spec
      .given(edna, locked(edna, 104))
      .when((http) => http.as(edna).post(URL, { ...lockBody(104), reason: 3, comment: "second look" }))
      .then(({ response, newEvents }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          lock: { user: actorOf(edna), reason: 3, comment: "second look", autoCreated: false },
        });
        const stream = recordLockStream("content", "contentnode", 104);
        expect(newEvents).toMatchObject([
          { streamId: stream, type: "LockReleased" },
          { streamId: stream, type: "LockTaken" },
        ]);
        expect(newEvents.map((e) => e.metadata.userId)).toEqual([edna.id, edna.id]);
      }));

  it("another editor's lock is refused with 'Object is already locked!' and the holder, and nothing changes", () =>
    spec
      .given(edna, rick, locked(edna, 105, { reason: 2, comment: "mine" }))
      .when((http) => http.as(rick).post(URL, lockBody(105)))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(409);
        expect(response.json).toEqual(refusedBy(actorOf(edna), 2, "mine", false));
        expect(newEvents).toEqual([]);
        expect((await http.as(rick).get(`${URL}?app=content&model=contentnode&id=105`)).json.lock.user).toEqual(
          actorOf(edna),
        );
      }));

  it("unlocking another editor's lock without force_unlock is refused with the holder", () =>
    spec
      .given(edna, rick, locked(edna, 106))
      .when((http) => http.as(rick).request("DELETE", URL, { ...lockBody(106), force_unlock: false }))
      .then({ status: 409, body: refusedBy(actorOf(edna)) }, []));

  it("the page-unload release (keepalive DELETE, JSON typed text/plain) is accepted", () =>
    spec
      .given(edna, rick, locked(edna, 109))
      .when(async (http) => {
        const client = http.as(edna);
        const res = await fetch(http.url + URL, {
          method: "DELETE",
          keepalive: true,
          headers: {
            cookie: client.cookieHeader,
            "x-csrftoken": client.cookies.get("csrftoken")!,
            "content-type": "text/plain;charset=UTF-8",
          },
          body: JSON.stringify(lockBody(109)),
        });
        return { status: res.status, json: await res.json(), text: "", headers: res.headers };
      })
      .then(async ({ response, newEvents, http }) => {
        expect(response.json).toEqual({ metadata: { success: true }, lock: null });
        expect(newEvents).toMatchObject([{ type: "LockReleased" }]);
        expect((await http.as(rick).get(`${URL}?app=content&model=contentnode&id=109`)).json.lock).toBeNull();
      }));

  it("spec 9: lookup answers every record asked, with hasLock for the caller (false when nobody locks it)", () =>
    spec
      .given(edna, rick, locked(edna, 110, { reason: 2, comment: "c" }), locked(rick, 111))
      .when((http) =>
        http.as(edna).post(`${URL}?action=lookup`, {
          objs: [110, 111, 112].map((id) => ({ app: "content", model: "contentnode", id })),
        }),
      )
      .then(
        {
          status: 200,
          body: {
            metadata: { success: true },
            locks: [
              {
                app: "content",
                model: "contentnode",
                id: 110,
                hasLock: true,
                user: actorOf(edna),
                reason: 2,
                comment: "c",
                autoCreated: false,
              },
              {
                app: "content",
                model: "contentnode",
                id: 111,
                hasLock: false,
                user: actorOf(rick),
                reason: 1,
                comment: "",
                autoCreated: true,
              },
              {
                app: "content",
                model: "contentnode",
                id: 112,
                hasLock: false,
                user: null,
                reason: null,
                comment: "",
                autoCreated: false,
              },
            ],
          },
        },
        [],
      ));

  it("several records in one call: each is tried, a refusal answers 409 with the holder and every record's outcome", () =>
    spec
      .given(edna, rick, locked(rick, 121))
      .when((http) =>
        http.as(edna).post(URL, {
          objs: [120, 121].map((id) => ({ app: "content", model: "contentnode", id })),
          reason: 4,
          comment: "batch",
        }),
      )
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(409);
        const mine = { user: actorOf(edna), reason: 4, comment: "batch", autoCreated: false };
        const ricks = { user: actorOf(rick), reason: 1, comment: "", autoCreated: true };
        expect(response.json).toEqual({
          metadata: { success: false, code: "ALREADY_LOCKED", message: LOCKED, errors: [LOCKED] },
          lock: ricks,
          locks: [
            { app: "content", model: "contentnode", id: 120, lock: mine, success: true },
            { app: "content", model: "contentnode", id: 121, lock: ricks, success: false },
          ],
        });
        expect(newEvents).toMatchObject([
          { streamId: recordLockStream("content", "contentnode", 120), type: "LockTaken" },
        ]);
        const free = await http
          .as(edna)
          .post(URL, { objs: [122, 123].map((id) => ({ app: "content", model: "contentnode", id })) });
        expect(free.json.metadata).toEqual({ success: true });
        expect(free.json.locks.map((l: { success: boolean }) => l.success)).toEqual([true, true]);
      }));

  it("bad record identities answer 400 with 'field: message' lines and lock nothing", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(URL, { objs: [{ app: "Content", model: "content node", id: "abc" }] }))
      .then(async ({ response, newEvents, http }) => {
        expect(response.status).toBe(400);
        expect(response.json).toEqual({
          metadata: {
            success: false,
            code: "INVALID_REQUEST",
            message: "Invalid request syntax or bad data.",
            errors: [
              "objs.0.app: Enter a valid app name (lowercase letters, digits and _).",
              "objs.0.model: Enter a valid model name (lowercase letters, digits and _).",
              "objs.0.id: A valid integer is required.",
            ],
          },
        });
        const none = await http.as(edna).post(URL, {});
        expect(none.json.metadata.errors).toEqual(["objs: This field is required."]);
        const get = await http.as(edna).get(`${URL}?app=content&model=contentnode&id=-3`);
        expect(get.json.metadata.errors).toEqual(["id: A valid integer is required."]);
        const action = await http.as(edna).post(`${URL}?action=steal`, lockBody(1));
        expect(action.status).toBe(400);
        expect(newEvents).toEqual([]);
        expect(
          await http
            .as(edna)
            .get(`${URL}?app=content&model=contentnode&id=1`)
            .then((r) => r.json.lock),
        ).toBeNull();
      }));

  it("visitors get 401 and non-staff 403", () =>
    spec
      .given(sam)
      .when((http) => http.as(sam).get(`${URL}?app=content&model=contentnode&id=1`))
      .then(async ({ response, http }) => {
        expect(response.status).toBe(403);
        expect((await http.as(sam).post(URL, lockBody(1))).status).toBe(403);
        expect((await http.visitor().get("/admin/base/record-lock-reasons/")).status).toBe(401);
      }));
});
