import { describe, it } from "vitest";
import type { GamifyCampaignFields } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideAction, type PlayerEvent, playerDecider, type RegisterAction } from "./decide.ts";

const spec = deciderSpec(playerDecider, decideAction);
const now = new Date("2016-06-01T12:00:00Z");
const at = now.toISOString();
const vbs: GamifyCampaignFields = {
  slug: "vbs-2016-reveal",
  name: "VBS 2016 reveal",
  actions: [
    { type: "page-view", slug: "page-view", points: 1, repeatable: false },
    { type: "share", slug: "share", points: 5, repeatable: false },
    { type: "video-play", slug: "video-play", points: 3, repeatable: true },
  ],
  achievements: [
    { slug: "first-step", name: "First step", threshold: 1 },
    { slug: "super-fan", name: "Super fan", threshold: 9 },
  ],
  panels: [],
  startsAt: "2016-05-01T00:00:00Z",
  endsAt: "2016-07-01T00:00:00Z",
};
const TODAY = "2016-06-01";
const register = (
  action: string,
  campaign: GamifyCampaignFields | null = vbs,
  when = now,
  options: { day?: string; verified?: boolean } = {},
): RegisterAction => ({
  type: "RegisterAction",
  data: {
    campaign,
    campaignSlug: "vbs-2016-reveal",
    action,
    player: "p1",
    data: null,
    verified: options.verified ?? false,
    day: options.day ?? TODAY,
    now: when,
  },
});
const counted = (action: string, actionType: string, points: number, total: number, day = TODAY): PlayerEvent => ({
  type: "GamifyActionCounted",
  data: { campaign: "vbs-2016-reveal", player: "p1", action, actionType, points, total, data: null, at, day },
});
const earned = (achievement: string, name: string): PlayerEvent => ({
  type: "GamifyAchievementEarned",
  data: { campaign: "vbs-2016-reveal", player: "p1", achievement, name, at },
});

describe("gamify: registering an action", () => {
  it("an action awards its points, and an achievement whose threshold is reached is earned", () =>
    spec
      .given([])
      .when(register("page-view"))
      .then([counted("page-view", "page-view", 1, 1), earned("first-step", "First step")]));

  it("an action counts once per player per slug (nobody farms points by reloading)", () =>
    spec
      .given([counted("page-view", "page-view", 1, 1), earned("first-step", "First step")])
      .when(register("page-view"))
      .then([]));

  it("security 11: a repeatable action the browser only claims counts once per site day", () =>
    spec
      .given([counted("video-play", "video-play", 3, 3)])
      .when(register("video-play"))
      .then([]));

  it("security 11: a repeatable claimed action counts again on the next site day", () =>
    spec
      .given([counted("video-play", "video-play", 3, 3, "2016-05-31")])
      .when(register("video-play"))
      .then([counted("video-play", "video-play", 3, 6), earned("first-step", "First step")]));

  it("a repeatable action the server verified counts every time", () =>
    spec
      .given([counted("video-play", "video-play", 3, 3)])
      .when(register("video-play", vbs, now, { verified: true }))
      .then([counted("video-play", "video-play", 3, 6), earned("first-step", "First step")]));

  it("an achievement is earned once", () =>
    spec
      .given([
        counted("page-view", "page-view", 1, 1),
        earned("first-step", "First step"),
        counted("video-play", "video-play", 3, 4),
      ])
      .when(register("share"))
      .then([counted("share", "share", 5, 9), earned("super-fan", "Super fan")]));

  it("Campaign not found. for an unknown campaign", () =>
    spec.given([]).when(register("page-view", null)).thenThrows("GAMIFY_CAMPAIGN_NOT_FOUND"));

  it("This campaign has no such action. for an unknown action", () =>
    spec.given([]).when(register("dance")).thenThrows("GAMIFY_ACTION_NOT_FOUND"));

  it("This campaign is not running. before its start and from its end", () => {
    spec
      .given([])
      .when(register("page-view", vbs, new Date("2016-04-30T23:59:59Z")))
      .thenThrows("GAMIFY_CAMPAIGN_CLOSED");
    spec
      .given([])
      .when(register("page-view", vbs, new Date("2016-07-01T00:00:00Z")))
      .thenThrows("GAMIFY_CAMPAIGN_CLOSED");
  });
});
