import { describe, it } from "vitest";
import type { GamifyCampaignFields } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideJoin, decideMerge, type PlayerEvent, playerDecider } from "./decide.ts";

const now = new Date("2016-06-01T12:00:00Z");
const at = now.toISOString();
const vbs: GamifyCampaignFields = {
  slug: "vbs",
  name: "VBS",
  actions: [
    { type: "page-view", slug: "page-view", points: 1, repeatable: false },
    { type: "share", slug: "share", points: 5, repeatable: false },
    { type: "video-play", slug: "video-play", points: 3, repeatable: true },
  ],
  achievements: [{ slug: "super-fan", name: "Super Fan", threshold: 9 }],
  panels: [],
  startsAt: null,
  endsAt: null,
};
const counted = (player: string, action: string, points: number, total: number, day = "2016-06-01"): PlayerEvent => ({
  type: "GamifyActionCounted",
  data: { campaign: "vbs", player, action, actionType: action, points, total, data: null, at, day },
});
const tally = (action: string, points: number, days = ["2016-06-01"]) => ({ action, count: days.length, points, days });
const visitorLog = (...events: PlayerEvent[]) => events.map((event, streamPosition) => ({ streamPosition, event }));
const merge = (fromEvents: ReturnType<typeof visitorLog>) =>
  ({ type: "MergeVisitor", data: { campaign: vbs, player: "user-1", from: "visitor-a", fromEvents, now } }) as const;
const merged = (data: {
  fromVersion: number;
  fromTotal: number;
  actions: string[];
  byAction: Array<ReturnType<typeof tally>>;
  points: number;
  total: number;
}): PlayerEvent => ({
  type: "GamifyPlayerMerged",
  data: { campaign: "vbs", player: "user-1", from: "visitor-a", at, ...data },
});

const mergeSpec = deciderSpec(playerDecider, decideMerge);
const joinSpec = deciderSpec(playerDecider, decideJoin);

describe("anonymous players are merged into their account at sign-in", () => {
  it("the visitor's points go into the account, and an achievement they reach together is earned", () =>
    mergeSpec
      .given([counted("user-1", "page-view", 1, 1)])
      .when(merge(visitorLog(counted("visitor-a", "share", 5, 5), counted("visitor-a", "video-play", 3, 8))))
      .then([
        merged({
          fromVersion: 1,
          fromTotal: 8,
          actions: ["share", "video-play"],
          byAction: [tally("share", 5), tally("video-play", 3)],
          points: 8,
          total: 9,
        }),
        {
          type: "GamifyAchievementEarned",
          data: { campaign: "vbs", player: "user-1", achievement: "super-fan", name: "Super Fan", at },
        },
      ]));

  it("a slug both counted counts once (no double counting); a repeatable one of another day adds up", () =>
    mergeSpec
      .given([counted("user-1", "page-view", 1, 1), counted("user-1", "video-play", 3, 4)])
      .when(
        merge(
          visitorLog(counted("visitor-a", "page-view", 1, 1), counted("visitor-a", "video-play", 3, 4, "2016-05-31")),
        ),
      )
      .then([
        merged({
          fromVersion: 1,
          fromTotal: 4,
          actions: ["video-play"],
          byAction: [tally("video-play", 3, ["2016-05-31"])],
          points: 3,
          total: 7,
        }),
      ]));

  it("security 11: a repeatable claimed action the account has on a site day adds nothing from a visitor that day", () =>
    mergeSpec
      .given([counted("user-1", "video-play", 3, 3)])
      .when(merge(visitorLog(counted("visitor-a", "video-play", 3, 3), counted("visitor-a", "share", 5, 8))))
      .then([
        merged({
          fromVersion: 1,
          fromTotal: 8,
          actions: ["share"],
          byAction: [tally("share", 5)],
          points: 5,
          total: 8,
        }),
      ]));

  it("merging the same visitor again adds nothing; only its later actions are merged", () => {
    const log = visitorLog(counted("visitor-a", "page-view", 1, 1), counted("visitor-a", "share", 5, 6));
    const first = merged({
      fromVersion: 0,
      fromTotal: 1,
      actions: ["page-view"],
      byAction: [tally("page-view", 1)],
      points: 1,
      total: 1,
    });
    mergeSpec
      .given([first])
      .when(merge(log.slice(0, 1)))
      .then([]);
    mergeSpec
      .given([first])
      .when(merge(log))
      .then([
        merged({
          fromVersion: 1,
          fromTotal: 6,
          actions: ["share"],
          byAction: [tally("share", 5)],
          points: 5,
          total: 6,
        }),
      ]);
  });

  it("a visitor who joined the campaign makes the account joined", () =>
    mergeSpec
      .given([])
      .when(
        merge(
          visitorLog({ type: "GamifyPlayerJoined", data: { campaign: "vbs", player: "visitor-a", panel: "p", at } }),
        ),
      )
      .then([{ type: "GamifyPlayerJoined", data: { campaign: "vbs", player: "user-1", panel: "p", at } }]));
});

describe("the join form", () => {
  const join = (campaign: GamifyCampaignFields | null = vbs) =>
    ({ type: "JoinCampaign", data: { campaign, player: "user-1", panel: "reveal", now } }) as const;

  it("a player joins a running campaign with the panel they were shown, once", () => {
    const joined: PlayerEvent = {
      type: "GamifyPlayerJoined",
      data: { campaign: "vbs", player: "user-1", panel: "reveal", at },
    };
    joinSpec.given([]).when(join()).then([joined]);
    joinSpec.given([joined]).when(join()).then([]);
  });

  it("a campaign that is not running or does not exist cannot be joined", () => {
    joinSpec
      .given([])
      .when(join({ ...vbs, endsAt: "2016-05-01T00:00:00Z" }))
      .thenThrows("GAMIFY_CAMPAIGN_CLOSED");
    joinSpec.given([]).when(join(null)).thenThrows("GAMIFY_CAMPAIGN_NOT_FOUND");
  });
});
