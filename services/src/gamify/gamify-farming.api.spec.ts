import { describe, expect, it } from "vitest";
import {
  GamifyWinnerDrawn,
  gamifyCampaignStream,
  gamifyPlayerStream,
  newsletterListStream,
  newsletterSubscriberStream,
} from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { signedInUser } from "../testing/spec-users.ts";
import type { EmailHash } from "@shop/shared";

// Issue 22, point 11: giveaway entries could be farmed with fresh visitor cookies and claimed actions.

let now = new Date("2026-06-01T16:00:00Z"); // noon in New York, the default site time zone
const spec = apiSpec(createApp, { clock: () => now });
const edna = signedInUser("edna@example.org", "Edna Editor");
const at = "2026-06-01T16:00:00.000Z";
const campaign = (repeatable: boolean): GivenEvent => ({
  streamId: gamifyCampaignStream("vbs"),
  type: "GamifyCampaignDefined",
  data: {
    slug: "vbs",
    name: "VBS",
    actions: [
      { type: "page-view", slug: "page-view", points: 1, repeatable },
      { type: "share", slug: "share", points: 5, repeatable: false },
      { type: "video-play", slug: "video-play", points: 3, repeatable: false },
    ],
    achievements: [],
    panels: [],
    startsAt: null,
    endsAt: null,
    definedAt: at,
    by: null,
  },
});
const counted = (player: string, action: string, points: number, total: number, day = "2026-06-01"): GivenEvent => ({
  streamId: gamifyPlayerStream("vbs", player),
  type: "GamifyActionCounted",
  data: { campaign: "vbs", player, action, actionType: action, points, total, data: null, at, day },
});
const register = (action: string) => ["/api/gamify/register-action/", { campaign: "vbs", action }] as const;

describe("security 11: fresh visitor cookies cannot farm giveaway entries", () => {
  it("security 11: 30 fresh cookies claiming page-view, share and video-play start 10 players from one address; the rest get 429", () =>
    spec
      .given(campaign(false))
      .when(async (http) => {
        const answers = [];
        for (let i = 0; i < 30; i++) {
          const visitor = http.visitor();
          for (const action of ["page-view", "share", "video-play"])
            answers.push(await visitor.post(...register(action)));
        }
        return answers.at(-1)!;
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(429);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(response.json.metadata).toMatchObject({
          success: false,
          code: "GAMIFY_TOO_MANY_PLAYERS",
          message: "Too many new players from your address. Please try again later.",
        });
        const counts = newEvents.filter((e) => e.type === "GamifyActionCounted");
        expect(new Set(counts.map((e) => (e.data as { player: string }).player)).size).toBe(10);
        expect(counts.reduce((sum, e) => sum + (e.data as { points: number }).points, 0)).toBe(10 * 9);
      }));

  it("security 11: the join form starts players too: the 11th fresh browser gets 429 in the form's own answer", () =>
    spec
      .given(campaign(false))
      .when(async (http) => {
        for (let i = 0; i < 10; i++)
          expect((await http.visitor().post("/gamify/join/?ts=1", { campaign: "vbs", accept_rules: "1" })).status).toBe(
            200,
          );
        return http.visitor().post("/gamify/join/?ts=1", { campaign: "vbs", accept_rules: "1" });
      })
      .then(({ response }) => {
        expect(response.status).toBe(429);
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        const errors = ["Too many new players from your address. Please try again later."];
        expect(response.json).toEqual({
          success: false,
          errors,
          metadata: { success: false, errors, code: "GAMIFY_TOO_MANY_PLAYERS" },
        });
      }));

  it("security 11: a known player's own actions are not limited: one visitor claims 12 actions from the same address", () =>
    spec
      .given(campaign(true))
      .when(async (http) => {
        const visitor = http.visitor();
        for (let i = 0; i < 11; i++) await visitor.post(...register("page-view"));
        return visitor.post(...register("share"));
      })
      .then(({ response }) => expect(response.json).toMatchObject({ success: true, points: 6, counted: true })));

  it("security 11: a player cookie the client picks is no player: its actions go to a new, signed one", () =>
    spec
      .given(campaign(false), counted("visitor-AAAAAAAAAAAAAAAAAAAAAAAA", "share", 5, 5))
      .when(async (http) => {
        const visitor = http.visitor();
        visitor.cookies.set("gamify_player", "AAAAAAAAAAAAAAAAAAAAAAAA");
        const status = await visitor.post("/api/gamify/get-player-status/", { campaign: "vbs" });
        expect(status.json.points).toBe(0);
        visitor.cookies.set("gamify_player", "AAAAAAAAAAAAAAAAAAAAAAAA.forged-signature");
        await visitor.post(...register("page-view"));
        expect(visitor.cookies.get("gamify_player")).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/);
        expect(visitor.cookies.get("gamify_player")).not.toMatch(/^A{24}\./);
        return visitor.post("/api/gamify/get-player-status/", { campaign: "vbs" });
      })
      .then(({ response, newEvents }) => {
        expect(response.json.points).toBe(1);
        expect(newEvents.map((e) => e.streamId)).not.toContain(
          gamifyPlayerStream("vbs", "visitor-AAAAAAAAAAAAAAAAAAAAAAAA"),
        );
      }));

  it("security 11: a repeatable page-view claimed 10 times in a day counts once, and again the next site day", () =>
    spec
      .given(campaign(true))
      .when(async (http) => {
        now = new Date("2026-06-01T16:00:00Z");
        const visitor = http.visitor();
        const today = [];
        for (let i = 0; i < 10; i++) today.push(await visitor.post(...register("page-view")));
        expect(today.map((a) => a.json.counted)).toEqual([true, ...Array(9).fill(false)]);
        expect(today.at(-1)!.json.points).toBe(1);
        now = new Date("2026-06-02T03:59:00Z"); // 23:59 in New York: still the same site day
        expect((await visitor.post(...register("page-view"))).json).toMatchObject({ counted: false, points: 1 });
        now = new Date("2026-06-02T04:00:00Z"); // midnight in New York: the next site day
        return visitor.post(...register("page-view"));
      })
      .then(({ response, newEvents }) => {
        now = new Date("2026-06-01T16:00:00Z");
        expect(response.json).toMatchObject({ counted: true, points: 2 });
        expect(newEvents.filter((e) => e.type === "GamifyActionCounted").map((e) => e.data)).toMatchObject([
          { action: "page-view", day: "2026-06-01", total: 1 },
          { action: "page-view", day: "2026-06-02", total: 2 },
        ]);
      }));
});

describe("security 11: only players with a confirmed email are drawn, and the draw says what the winner had", () => {
  const weekly: GivenEvent = {
    streamId: newsletterListStream(1),
    type: "NewsletterListAdded",
    data: {
      id: 1,
      slug: "weekly",
      name: "Weekly",
      description: "",
      requiresPostalCode: false,
      active: true,
      addedAt: at,
      by: null,
    },
  };
  // A sign-up as written before streams were named by a keyed hash: still read, and its link still confirms.
  const signupOf = (email: string, token: string): GivenEvent => ({
    streamId: newsletterSubscriberStream(email as EmailHash),
    type: "NewsletterSignupRequested",
    data: {
      email,
      listIds: [1],
      postalCode: "",
      confirmToken: token,
      unsubscribeToken: `u-${token}`,
      requestedAt: at,
    },
  });

  it("security 11: an unconfirmed visitor is not in the draw; a visitor that confirmed a newsletter address in its browser is", () =>
    spec
      .given(edna, campaign(false), weekly, signupOf("kim@example.org", "confirm-kim-token"))
      .when(async (http) => {
        const kim = http.visitor();
        const lee = http.visitor();
        for (const action of ["page-view", "share"]) await kim.post(...register(action));
        await lee.post(...register("video-play"));
        const before = await kim.get("/api/gamify/giveaway/?campaign=vbs");
        expect(before.json).toMatchObject({ entries: 6, eligible: false });
        expect((await kim.post("/api/newsletters/confirm/", { token: "confirm-kim-token" })).status).toBe(200);
        expect((await kim.get("/api/gamify/giveaway/?campaign=vbs")).json).toMatchObject({
          entries: 6,
          eligible: true,
        });
        expect((await lee.get("/api/gamify/giveaway/?campaign=vbs")).json).toMatchObject({ eligible: false });
        const players = await http.as(edna).get("/admin/api/gamify/campaign/vbs/players/");
        expect(players.json).toMatchObject({ entries: 9, eligible_entries: 6 });
        expect(players.json.items.map((p: { entries: number; eligible: boolean }) => [p.entries, p.eligible])).toEqual([
          [6, true],
          [3, false],
        ]);
        return http.as(edna).post("/admin/api/gamify/campaign/vbs/draw/", {});
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        const drawn = GamifyWinnerDrawn.schema.parse(newEvents.find((e) => e.type === "GamifyWinnerDrawn")!.data);
        expect(drawn.entries).toEqual([{ player: drawn.winner, entries: 6 }]);
        expect(drawn.winner).toMatch(/^visitor-/);
        expect(newEvents.find((e) => e.type === "GamifyVisitorEmailConfirmed")).toMatchObject({
          data: { player: drawn.winner },
        });
        expect(response.json).toMatchObject({ winner: drawn.winner, entries: 1, winner_entries: 6 });
      }));

  it("security 11: one address enters one visitor: confirming it in another browser enters nobody else", () =>
    spec
      .given(campaign(false), weekly, signupOf("kim@example.org", "confirm-kim-token"))
      .when(async (http) => {
        const first = http.visitor();
        await first.post(...register("page-view"));
        expect((await first.post("/api/newsletters/confirm/", { token: "confirm-kim-token" })).status).toBe(200);
        expect((await first.get("/api/gamify/giveaway/?campaign=vbs")).json).toMatchObject({ eligible: true });
        const second = http.visitor();
        await second.post(...register("share"));
        await second.post("/api/newsletters/confirm/", { token: "confirm-kim-token" });
        return second.get("/api/gamify/giveaway/?campaign=vbs");
      })
      .then(({ response, newEvents }) => {
        expect(response.json).toMatchObject({ entries: 5, eligible: false });
        expect(newEvents.filter((e) => e.type === "GamifyVisitorEmailConfirmed")).toHaveLength(1);
      }));

  it("security 11: the draw lists the winner's entries and the actions they came from", () =>
    spec
      .given(
        edna,
        campaign(true),
        counted("visitor-a", "share", 5, 5),
        counted("user-7", "page-view", 1, 1),
        counted("user-7", "page-view", 1, 2, "2026-06-02"),
        counted("user-7", "share", 5, 7),
      )
      .when((http) => http.as(edna).post("/admin/api/gamify/campaign/vbs/draw/", {}))
      .then(async ({ response, newEvents, http }) => {
        const drawn = GamifyWinnerDrawn.schema.parse(newEvents[0].data);
        expect(drawn.entries).toEqual([{ player: "user-7", entries: 7 }]);
        const byAction = [
          { action: "share", count: 1, points: 5 },
          { action: "page-view", count: 2, points: 2 },
        ];
        expect(drawn.winnerActions).toEqual(byAction);
        expect(response.json).toEqual({
          metadata: { success: true },
          winner: "user-7",
          seed: drawn.seed,
          entries: 1,
          winner_entries: 7,
          winner_actions: byAction,
        });
        const players = await http.as(edna).get("/admin/api/gamify/campaign/vbs/players/");
        expect(players.json).toMatchObject({ winner: "user-7", winner_entries: 7, winner_actions: byAction });
      }));
});
