import { describe, expect, it } from "vitest";
import { recordLockStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec } from "./api-spec.ts";
import { actorOf, signedInUser } from "./spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const take = { objs: [{ app: "content", model: "contentnode", id: 5 }] };

// The helper must fail a test whose answer or events differ, or it would pass anything.
describe("code health 4: apiSpec checks the answer and the new events", () => {
  it("passes when the answer and the new events are the expected ones", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post("/admin/base/record-locks/", take))
      .then(
        {
          status: 200,
          body: {
            metadata: { success: true },
            lock: { user: actorOf(edna), reason: 1, comment: "", autoCreated: true },
          },
        },
        [
          {
            streamId: recordLockStream("content", "contentnode", 5),
            type: "LockTaken",
            data: { id: 5, user: actorOf(edna) },
          },
        ],
      ));

  it("fails on another status, another body, or other new events", async () => {
    const run = () => spec.given(edna).when((http) => http.as(edna).post("/admin/base/record-locks/", take));
    await expect(run().then({ status: 409 })).rejects.toThrow(/409/);
    await expect(run().then({ status: 200, body: { metadata: { success: true }, lock: null } })).rejects.toThrow();
    await expect(run().then({ status: 200 }, [])).rejects.toThrow();
    await expect(run().then({ status: 200 }, [{ type: "LockTaken" }, { type: "LockTaken" }])).rejects.toThrow();
  });

  it("signs in without a login request: the session cookie is the given user's, a visitor has none", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).get("/api/account/me/"))
      .then(async ({ response, http }) => {
        expect(response.json.user).toMatchObject({ email: "edna@example.org", is_staff: true });
        expect((await http.visitor().get("/admin/base/record-lock-reasons/")).status).toBe(401);
        // Writes carry the CSRF header as the front ends do; one without it is refused.
        expect(
          (await http.as(edna).post("/admin/base/record-locks/", take, { "x-csrftoken": "forged-token-0123456789" }))
            .status,
        ).toBe(403);
      }));

  it("a given event that fails its schema stops the scenario with the bad fields", async () => {
    const bad = {
      streamId: recordLockStream("content", "contentnode", 6),
      type: "LockTaken",
      data: { app: "content", model: "contentnode", id: "six" },
    };
    await expect(
      spec
        .given(edna, bad)
        .when((http) => http.as(edna).get("/api/account/me/"))
        .then({ status: 200 }),
    ).rejects.toThrow(
      /^Event LockTaken at recordlock-content\.contentnode\.6 \(given event 4\) does not match its schema: id: .*user: /,
    );
  });

  it("the next scenario starts from an empty log and empty read models, even after one that failed", () =>
    spec
      .given()
      .when((http) => http.as(edna).get("/admin/base/record-locks/?app=content&model=contentnode&id=5"))
      .then(async ({ response, store }) => {
        expect(response.status).toBe(401); // edna's session was a given of earlier scenarios only
        expect(await store.readStream(recordLockStream("content", "contentnode", 5))).toEqual([]);
        expect(await store.readAll({ major: 0n, minor: 0n })).toEqual([]);
      }));

  it("a given user signs in again in a later scenario, and the record taken before is free", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).get("/admin/base/record-locks/?app=content&model=contentnode&id=5"))
      .then({ status: 200, body: { metadata: { success: true }, lock: null } }, []));
});
