import { describe, expect, it } from "vitest";
import { START, readAllCommitted } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";

const spec = apiSpec(createApp);
const signup = { email: "Dora@Example.org", password: "long enough", name: "Dora Claimant" };

describe("the email claim by keyed hash", () => {
  it("security 15: an address stays unique (409 for any spelling), and no stream or event names it", () =>
    spec
      .given()
      .when(async (http) => {
        expect((await http.visitor().post("/api/account/signup/", signup)).status).toBe(200);
        return http.visitor().post("/api/account/signup/", { ...signup, email: " DORA@example.ORG " });
      })
      .then(async ({ response, store }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.errors).toEqual(["email: A user with that email address already exists."]);
        const log = await readAllCommitted(store, START, { limit: 1000 });
        expect(log.filter((e) => e.type === "UserEmailClaimed")).toHaveLength(1);
        const text = log.map((e) => `${e.streamId} ${JSON.stringify(e.data)}`).join("\n");
        expect(text).toContain("useremail-");
        expect(text).not.toMatch(/dora|claimant/i);
      }));
});
