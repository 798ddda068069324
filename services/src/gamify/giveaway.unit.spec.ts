import { describe, expect, it } from "vitest";
import { drawWinner, type GamifyCampaignEvent, type GamifyCampaignFields } from "@shop/shared";
import { deciderSpec } from "../testing/decider-spec.ts";
import { decideGiveaway, giveawayDecider, type GiveawayCommand } from "./giveaway.ts";

const now = new Date("2016-06-01T12:00:00Z");
const by = { id: "1", name: "Staff" };
const spec = deciderSpec(giveawayDecider, (c: GiveawayCommand, s) => decideGiveaway(c, s, { now, by }));
const fields: GamifyCampaignFields = {
  slug: "vbs-2016-reveal",
  name: "VBS 2016 reveal",
  actions: [{ type: "page-view", slug: "page-view", points: 1, repeatable: false }],
  achievements: [{ slug: "first-look", name: "First Look", threshold: 1 }],
  panels: [{ slug: "reveal", name: "Reveal", creative: "", weight: 3 }],
  startsAt: null,
  endsAt: null,
};
const defined: GamifyCampaignEvent = {
  type: "GamifyCampaignDefined",
  data: { ...fields, definedAt: now.toISOString(), by },
};
const entries = [
  { player: "user-1", entries: 4 },
  { player: "visitor-x", entries: 1 },
];

describe("gamify campaigns in the back office", () => {
  it("staff define a campaign with its actions, achievements, panels and dates", () =>
    spec
      .given([])
      .when({ type: "DefineGamifyCampaign", data: { fields, creating: true } })
      .then([defined]));

  it("A gamify campaign with this slug already exists. when a new campaign takes a used slug", () =>
    spec
      .given([defined])
      .when({ type: "DefineGamifyCampaign", data: { fields, creating: true } })
      .thenThrows("GAMIFY_CAMPAIGN_EXISTS"));

  it("The campaign must end after it starts.", () =>
    spec
      .given([defined])
      .when({
        type: "DefineGamifyCampaign",
        data: {
          fields: { ...fields, startsAt: "2016-07-01T00:00:00Z", endsAt: "2016-06-01T00:00:00Z" },
          creating: false,
        },
      })
      .thenThrows("GAMIFY_CAMPAIGN_DATES"));

  it("a save that changes nothing appends nothing", () =>
    spec
      .given([defined])
      .when({ type: "DefineGamifyCampaign", data: { fields, creating: false } })
      .then([]));

  it("Campaign not found. when redefining a campaign never defined", () =>
    spec
      .given([])
      .when({ type: "DefineGamifyCampaign", data: { fields, creating: false } })
      .thenThrows("GAMIFY_CAMPAIGN_NOT_FOUND"));
});

describe("the winner draw (weighted by entries, seeded, in the log)", () => {
  const winnerActions = [{ action: "page-view", count: 1, points: 1 }];
  it("the draw is an event holding its seed, the entries it drew from and the winner they give", () =>
    spec
      .given([defined])
      .when({ type: "DrawGamifyWinner", data: { seed: "abc", entries, winnerActions } })
      .then([
        {
          type: "GamifyWinnerDrawn",
          data: {
            campaign: "vbs-2016-reveal",
            seed: "abc",
            entries,
            winner: drawWinner("abc", entries)!,
            winnerActions,
            drawnAt: now.toISOString(),
            by,
          },
        },
      ]));

  it("running the draw again from the event gives the same winner", () => {
    const [event] = decideGiveaway(
      { type: "DrawGamifyWinner", data: { seed: "reproduce-me", entries, winnerActions } },
      giveawayDecider.evolve(giveawayDecider.initialState(), defined),
      { now, by },
    );
    if (event.type !== "GamifyWinnerDrawn") throw new Error(event.type);
    expect(drawWinner(event.data.seed, event.data.entries)).toBe(event.data.winner);
  });

  it("A winner has already been drawn for this campaign. on a second draw", () => {
    const drawn: GamifyCampaignEvent = {
      type: "GamifyWinnerDrawn",
      data: { campaign: "vbs-2016-reveal", seed: "s", entries, winner: "user-1", winnerActions: [], drawnAt: "", by },
    };
    spec
      .given([defined, drawn])
      .when({ type: "DrawGamifyWinner", data: { seed: "t", entries, winnerActions } })
      .thenThrows("GAMIFY_WINNER_ALREADY_DRAWN");
  });

  it("Nobody with a confirmed email has any entries in this campaign yet. when there is no entry", () =>
    spec
      .given([defined])
      .when({ type: "DrawGamifyWinner", data: { seed: "t", entries: [], winnerActions: [] } })
      .thenThrows("GAMIFY_NO_ENTRIES"));
});
