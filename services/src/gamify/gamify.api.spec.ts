import { describe, expect, it } from "vitest";
import { gamifyCampaignStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";

const spec = apiSpec(createApp);
const defined: GivenEvent = {
  streamId: gamifyCampaignStream("vbs-2016-reveal"),
  type: "GamifyCampaignDefined",
  data: {
    slug: "vbs-2016-reveal",
    name: "VBS 2016 reveal giveaway",
    actions: [
      { type: "page-view", slug: "page-view", points: 1 },
      { type: "share", slug: "share", points: 5 },
      { type: "video-play", slug: "video-play", points: 3 },
    ],
    achievements: [
      { slug: "first-look", name: "First look", threshold: 1 },
      { slug: "super-fan", name: "Super fan", threshold: 9 },
    ],
    startsAt: null,
    endsAt: null,
    definedAt: new Date().toISOString(),
  },
};

describe("POST /api/gamify/* (storefront §7 gamification)", () => {
  it("register-action answers success, points and achievements, and a reload does not count again", () =>
    spec
      .given(defined)
      .when(async (http) => {
        const visitor = http.visitor();
        const once = await visitor.post("/api/gamify/register-action/", {
          campaign: "vbs-2016-reveal",
          action: "page-view",
        });
        expect(once.json).toEqual({
          success: true,
          points: 1,
          achievements: [{ slug: "first-look", name: "First look" }],
          new_achievements: [{ slug: "first-look", name: "First look" }],
          counted: true,
        });
        await visitor.post("/api/gamify/register-action/", { campaign: "vbs-2016-reveal", action: "page-view" });
        return visitor.post("/api/gamify/get-player-status/", { campaign: "vbs-2016-reveal" });
      })
      .then(({ response }) => {
        expect(response.json).toEqual({ points: 1, achievements: [{ slug: "first-look", name: "First look" }] });
      }));

  it("campaign-info answers the campaign's actions, achievements and dates", () =>
    spec
      .given(defined)
      .when((http) => http.visitor().post("/api/gamify/campaign-info/", { campaign: "vbs-2016-reveal" }))
      .then(({ response }) => {
        expect(response.json).toMatchObject({
          slug: "vbs-2016-reveal",
          actions: [
            { type: "page-view", slug: "page-view", points: 1, repeatable: false },
            { type: "share", slug: "share", points: 5, repeatable: false },
            { type: "video-play", slug: "video-play", points: 3, repeatable: false },
          ],
          achievements: [
            { slug: "first-look", name: "First look", threshold: 1 },
            { slug: "super-fan", name: "Super fan", threshold: 9 },
          ],
          starts_at: null,
          ends_at: null,
        });
      }));

  it("Campaign not found. answers 404 for an unknown campaign", () =>
    spec
      .given()
      .when((http) => http.visitor().post("/api/gamify/register-action/", { campaign: "nope", action: "page-view" }))
      .then(({ response }) => {
        expect(response.status).toBe(404);
        expect(response.json).toMatchObject({
          metadata: { success: false, code: "GAMIFY_CAMPAIGN_NOT_FOUND", message: "Campaign not found." },
        });
      }));

  it("a visitor is tracked by the gamify_player cookie (a random id and its signature)", () =>
    spec
      .given(defined)
      .when(async (http) => {
        const visitor = http.visitor();
        await visitor.post("/api/gamify/register-action/", { campaign: "vbs-2016-reveal", action: "share" });
        expect(visitor.cookies.get("gamify_player")).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/);
        return visitor.post("/api/gamify/get-player-status/", { campaign: "vbs-2016-reveal" });
      })
      .then(({ response }) => expect(response.json).toMatchObject({ points: 5 })));
});
