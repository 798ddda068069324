import { describe, expect, it } from "vitest";
import { gamifyCampaignStream, JOIN_MESSAGES } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const pat = signedInUser("pat@example.org", "Pat Q Player", { isStaff: false });
const at = new Date().toISOString();
const panels = [{ slug: "reveal", name: "Be first", creative: "Watch the reveal", weight: 3 }];
const defined: GivenEvent = {
  streamId: gamifyCampaignStream("vbs"),
  type: "GamifyCampaignDefined",
  data: {
    slug: "vbs",
    name: "VBS giveaway",
    actions: [{ type: "page-view", slug: "page-view", points: 1, repeatable: false }],
    achievements: [{ slug: "first-look", name: "First Look", threshold: 1 }],
    panels,
    startsAt: null,
    endsAt: null,
    definedAt: at,
    by: null,
  },
};
const drawn = (winner: string): GivenEvent => ({
  streamId: gamifyCampaignStream("vbs"),
  type: "GamifyWinnerDrawn",
  data: { campaign: "vbs", seed: "s", entries: [{ player: winner, entries: 1 }], winner, drawnAt: at, by: null },
});

describe("/giveaway: the player's entries, and the winner once drawn", () => {
  it("the giveaway answers the player's entries, achievements, the panels and no winner before the draw", () =>
    spec
      .given(defined)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.post("/api/gamify/register-action/", { campaign: "vbs", action: "page-view" });
        return visitor.get("/api/gamify/giveaway/?campaign=vbs");
      })
      .then(({ response }) =>
        expect(response.json).toEqual({
          metadata: { success: true },
          campaign: { slug: "vbs", name: "VBS giveaway", starts_at: null, ends_at: null },
          entries: 1,
          achievements: [{ slug: "first-look", name: "First Look" }],
          joined: false,
          eligible: false, // a visitor without a confirmed email: its entries are not drawn yet
          panels,
          winner: null,
        }),
      ));

  it("once drawn, the winner is named by first name and last initial, and told it is them", () =>
    spec
      .given(defined, pat, drawn(`user-${pat.id}`))
      .when((http) => http.as(pat).get("/api/gamify/giveaway/?campaign=vbs"))
      .then(({ response }) => {
        expect(response.json.winner).toEqual({ drawn_at: expect.any(String), name: "Pat P.", you: true });
        expect(response.json.eligible).toBe(true); // signed in: an account's email counts as confirmed
      }));

  it("another player sees the winner too, not as them; a visitor winner is 'A visitor'", () =>
    spec
      .given(defined, drawn("visitor-abc"))
      .when((http) => http.visitor().get("/api/gamify/giveaway/?campaign=vbs"))
      .then(({ response }) => expect(response.json.winner).toMatchObject({ name: "A visitor", you: false })));
});

describe("join-a-campaign form ({join form action}?ts=)", () => {
  it("on success answers success and the form's redirect, and the player has joined", () =>
    spec
      .given(defined)
      .when(async (http) => {
        const visitor = http.visitor();
        const joined = await visitor.post(`/gamify/join/?ts=${Date.now()}`, {
          campaign: "vbs",
          panel: "reveal",
          accept_rules: "on",
          redirect: "/giveaway",
        });
        expect(joined.json).toEqual({
          success: true,
          errors: [],
          redirect: "/giveaway",
          metadata: { success: true, errors: [] },
        });
        return visitor.get("/api/gamify/giveaway/?campaign=vbs");
      })
      .then(({ response, newEvents }) => {
        expect(response.json.joined).toBe(true);
        expect(newEvents).toMatchObject([{ type: "GamifyPlayerJoined", data: { campaign: "vbs", panel: "reveal" } }]);
      }));

  it("on success without a redirect goes to /account/", () =>
    spec
      .given(defined)
      .when((http) => http.visitor().post("/gamify/join/?ts=1", { campaign: "vbs", accept_rules: "1" }))
      .then({
        status: 200,
        body: { success: true, errors: [], redirect: "/account/", metadata: { success: true, errors: [] } },
      }));

  it("errors come back as a list (the page joins them by newline) and nothing is written", () =>
    spec
      .given(defined)
      .when((http) => http.visitor().post("/gamify/join/?ts=1", { campaign: "vbs" }))
      .then(
        {
          status: 400,
          body: {
            success: false,
            errors: [JOIN_MESSAGES.rulesRequired],
            metadata: { success: false, errors: [JOIN_MESSAGES.rulesRequired], code: "INVALID_REQUEST" },
          },
        },
        [],
      ));

  it("an unknown campaign cannot be joined", () =>
    spec
      .given(defined)
      .when((http) => http.visitor().post("/gamify/join/?ts=1", { campaign: "nope", accept_rules: "1" }))
      .then(
        {
          status: 404,
          body: {
            success: false,
            errors: ["This giveaway does not exist."],
            metadata: { success: false, errors: ["This giveaway does not exist."], code: "GAMIFY_CAMPAIGN_NOT_FOUND" },
          },
        },
        [],
      ));
});
