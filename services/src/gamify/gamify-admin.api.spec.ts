import { describe, expect, it } from "vitest";
import { drawWinner, GamifyWinnerDrawn, gamifyCampaignStream, gamifyPlayerStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import { actorOf, signedInUser } from "../testing/spec-users.ts";

const spec = apiSpec(createApp);
const edna = signedInUser("edna@example.org", "Edna Editor");
const shopper = signedInUser("sam@example.org", "Sam Shopper", { isStaff: false });
const BASE = "/admin/api/gamify/campaign/";
const at = new Date().toISOString();

const form = {
  slug: "summer-2026",
  name: "Summer giveaway",
  starts_at: "",
  ends_at: "",
  actions: "page-view page-view 1\nvideo-play video-play 3 repeatable",
  achievements: "1 first-look First Look\n9 super-fan Super Fan",
  panels: "3 reveal Be first | Watch the reveal\n1 summer Win a summer",
};
const defined: GivenEvent = {
  streamId: gamifyCampaignStream("vbs"),
  type: "GamifyCampaignDefined",
  data: {
    slug: "vbs",
    name: "VBS",
    actions: [{ type: "page-view", slug: "page-view", points: 1, repeatable: false }],
    achievements: [],
    panels: [],
    startsAt: null,
    endsAt: null,
    definedAt: at,
    by: null,
  },
};
const points = (player: string, total: number): GivenEvent => ({
  streamId: gamifyPlayerStream("vbs", player),
  type: "GamifyActionCounted",
  data: { campaign: "vbs", player, action: "page-view", actionType: "page-view", points: total, total, data: null, at },
});

describe("staff define gamify campaigns in the back office", () => {
  it("creating a campaign appends GamifyCampaignDefined with its actions, achievements, panels and dates", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(BASE, { ...form, starts_at: "2026-06-01T00:00:00Z" }))
      .then(
        {
          status: 201,
          body: {
            metadata: { success: true },
            slug: "summer-2026",
            name: "Summer giveaway",
            starts_at: "2026-06-01T00:00:00Z",
            ends_at: null,
            actions: form.actions,
            achievements: form.achievements,
            panels: "3 reveal Be first | Watch the reveal\n1 summer Win a summer",
            players: 0,
            entries: 0,
            winner: null,
            drawn_at: null,
            winner_entries: null,
            winner_actions: null,
            version: 0,
          },
        },
        [
          {
            streamId: gamifyCampaignStream("summer-2026"),
            type: "GamifyCampaignDefined",
            data: {
              actions: [
                { type: "page-view", slug: "page-view", points: 1, repeatable: false },
                { type: "video-play", slug: "video-play", points: 3, repeatable: true },
              ],
              panels: [
                { slug: "reveal", name: "Be first", creative: "Watch the reveal", weight: 3 },
                { slug: "summer", name: "Win a summer", creative: "", weight: 1 },
              ],
              by: actorOf(edna),
            },
          },
        ],
      ));

  it("bad input answers 400 with 'field: message' lines and writes nothing", () =>
    spec
      .given(edna)
      .when((http) => http.as(edna).post(BASE, { ...form, slug: "Not A Slug", actions: "" }))
      .then(
        {
          status: 400,
          body: {
            metadata: {
              success: false,
              code: "INVALID_REQUEST",
              message: expect.any(String),
              errors: [
                "slug: Enter a valid slug: lower-case letters, numbers and hyphens.",
                "actions: Enter at least one action.",
              ],
            },
          },
        },
        [],
      ));

  it("The campaign must end after it starts. and nothing is written", () =>
    spec
      .given(edna)
      .when((http) =>
        http.as(edna).post(BASE, { ...form, starts_at: "2026-06-02T00:00:00Z", ends_at: "2026-06-01T00:00:00Z" }),
      )
      .then(async ({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json.metadata.errors).toEqual(["ends_at: The campaign must end after it starts."]);
        expect(newEvents).toEqual([]);
      }));

  it("the list shows each campaign with its players and entries", () =>
    spec
      .given(edna, defined, points("user-1", 4), points("visitor-a", 1))
      .when((http) => http.as(edna).get(`${BASE}?sort=-entries`))
      .then(({ response }) => {
        expect(response.json.metadata).toEqual({ success: true });
        expect(response.json).toMatchObject({
          metadata: { success: true },
          items: [{ slug: "vbs", name: "VBS", players: 2, entries: 5, version: 0 }],
          total: 1,
        });
      }));

  it("a save from a stale form (expected_version) is refused with 409 and writes nothing", () =>
    spec
      .given(edna, defined, { ...defined, data: { ...(defined.data as object), name: "VBS renamed" } })
      .when((http) => http.as(edna).request("PUT", `${BASE}vbs/`, { ...form, name: "Mine", expected_version: 0 }))
      .then(async ({ response, newEvents }) => {
        expect(response.status).toBe(409);
        expect(newEvents).toEqual([]);
      }));

  it("a save at the current version redefines the campaign", () =>
    spec
      .given(edna, defined)
      .when((http) => http.as(edna).request("PUT", `${BASE}vbs/`, { ...form, name: "VBS 2", expected_version: 0 }))
      .then(({ response }) => {
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ slug: "vbs", name: "VBS 2", version: 1 });
      }));

  it("non-staff get 403", () =>
    spec
      .given(shopper)
      .when((http) => http.as(shopper).get(BASE))
      .then(({ response }) => expect(response.status).toBe(403)));
});

describe("staff see players and entries and draw a winner weighted by entries", () => {
  it("the players list shows each player's entries, most first", () =>
    spec
      .given(edna, defined, points("visitor-a", 1), points(`user-${edna.id}`, 4))
      .when((http) => http.as(edna).get(`${BASE}vbs/players/`))
      .then(({ response }) => {
        expect(response.json).toEqual({
          metadata: { success: true },
          items: [
            {
              player: `user-${edna.id}`,
              name: "Edna Editor",
              email: "edna@example.org",
              entries: 4,
              eligible: true,
              joined: false,
              updated_at: at,
            },
            {
              player: "visitor-a",
              name: null,
              email: null,
              entries: 1,
              eligible: false,
              joined: false,
              updated_at: at,
            },
          ],
          entries: 5,
          eligible_entries: 4,
          winner: null,
          drawn_at: null,
          winner_entries: null,
          winner_actions: null,
        });
      }));

  it("the draw is an event holding its seed and entries (a confirmed email's); re-running it gives the same winner", () =>
    spec
      .given(edna, defined, points("visitor-a", 1), points("user-7", 4), points("user-8", 2))
      .when((http) => http.as(edna).post(`${BASE}vbs/draw/`, {}))
      .then(async ({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents).toHaveLength(1);
        const drawn = GamifyWinnerDrawn.schema.parse(newEvents[0].data);
        expect(newEvents[0]).toMatchObject({ streamId: gamifyCampaignStream("vbs"), type: "GamifyWinnerDrawn" });
        expect(drawn.entries).toEqual([
          { player: "user-7", entries: 4 },
          { player: "user-8", entries: 2 },
        ]);
        expect(drawn.by).toEqual(actorOf(edna));
        expect(response.json).toEqual({
          metadata: { success: true },
          winner: drawn.winner,
          seed: drawn.seed,
          entries: 2,
          winner_entries: drawn.winner === "user-7" ? 4 : 2,
          winner_actions: [{ action: "page-view", count: 1, points: drawn.winner === "user-7" ? 4 : 2 }],
        });
        expect(drawWinner(drawn.seed, drawn.entries)).toBe(drawn.winner);
      }));

  it("A winner has already been drawn for this campaign. on a second draw (409)", () =>
    spec
      .given(edna, defined, points("visitor-a", 1), {
        streamId: gamifyCampaignStream("vbs"),
        type: "GamifyWinnerDrawn",
        data: {
          campaign: "vbs",
          seed: "s",
          entries: [{ player: "visitor-a", entries: 1 }],
          winner: "visitor-a",
          drawnAt: at,
          by: null,
        },
      })
      .when((http) => http.as(edna).post(`${BASE}vbs/draw/`, {}))
      .then(({ response }) => {
        expect(response.status).toBe(409);
        expect(response.json.metadata.message).toBe("A winner has already been drawn for this campaign.");
      }));
});
