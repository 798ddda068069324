import { describe, expect, it } from "vitest";
import { actionLines, CreateGamifyCampaignRequest, panelLines } from "./admin-api.ts";
import { joinRedirect } from "./giveaway.ts";
import { chooseWeighted, drawWinner, seededRandom } from "./weighted.ts";

const panels = [
  { slug: "reveal", weight: 3 },
  { slug: "summer", weight: 1 },
  { slug: "retired", weight: 0 },
];

describe("campaign choice is weighted random by the data-weight attribute (storefront §9)", () => {
  it("a seeded chooser picks each panel about as often as its weight says, and never a weight of 0", () => {
    const random = seededRandom("panel-test");
    const counts: Record<string, number> = { reveal: 0, summer: 0, retired: 0 };
    for (let i = 0; i < 4000; i++) counts[chooseWeighted(panels, (p) => p.weight, random)!.slug]++;
    expect(counts.retired).toBe(0);
    expect(counts.reveal / 4000).toBeGreaterThan(0.7);
    expect(counts.reveal / 4000).toBeLessThan(0.8);
  });

  it("the ticket falls in the panel whose weight covers it", () => {
    expect(
      chooseWeighted(
        panels,
        (p) => p.weight,
        () => 0,
      )!.slug,
    ).toBe("reveal");
    expect(
      chooseWeighted(
        panels,
        (p) => p.weight,
        () => 0.74,
      )!.slug,
    ).toBe("reveal");
    expect(
      chooseWeighted(
        panels,
        (p) => p.weight,
        () => 0.75,
      )!.slug,
    ).toBe("summer");
    expect(
      chooseWeighted(
        panels,
        (p) => p.weight,
        () => 0.9999,
      )!.slug,
    ).toBe("summer");
  });

  it("with no positive weight there is no panel", () => {
    expect(chooseWeighted([{ weight: 0 }], (p) => p.weight, Math.random)).toBeNull();
  });
});

describe("the winner draw is seeded and reproducible", () => {
  const entries = [
    { player: "user-2", entries: 5 },
    { player: "visitor-a", entries: 1 },
    { player: "user-1", entries: 3 },
  ];

  it("the same seed and entries draw the same winner, whatever order the entries come in", () => {
    const first = drawWinner("seed-1", entries);
    expect(drawWinner("seed-1", [...entries].reverse())).toBe(first);
    expect(seededRandom("x")()).toBe(seededRandom("x")());
  });

  it("a player wins about as often as their share of the entries", () => {
    const wins: Record<string, number> = {};
    for (let i = 0; i < 3000; i++) {
      const winner = drawWinner(`seed-${i}`, entries)!;
      wins[winner] = (wins[winner] ?? 0) + 1;
    }
    expect(wins["user-2"] / 3000).toBeGreaterThan(0.5);
    expect(wins["user-2"] / 3000).toBeLessThan(0.6);
    expect(wins["visitor-a"] / 3000).toBeLessThan(0.15);
  });
});

describe("the back-office campaign form's lines", () => {
  it("actions are 'type slug points [repeatable]', one a line", () => {
    expect(actionLines.parse("page-view page-view 1\n\nvideo-play video-play 3 repeatable")).toEqual([
      { type: "page-view", slug: "page-view", points: 1, repeatable: false },
      { type: "video-play", slug: "video-play", points: 3, repeatable: true },
    ]);
  });

  it("a bad line is refused with its number, and at least one action is needed", () => {
    const parsed = CreateGamifyCampaignRequest.safeParse({
      slug: "x",
      name: "X",
      actions: "page-view page-view one",
      panels: "3 Bad_Slug Panel",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      "actions: Line 1: Points must be a whole number.",
      "actions: Enter at least one action.",
      "panels: Line 1: 'Bad_Slug' is not a valid slug.",
    ]);
  });

  it("panels are 'weight slug Name | words shown'", () => {
    expect(panelLines.parse("3 reveal Be first | Watch the video")).toEqual([
      { weight: 3, slug: "reveal", name: "Be first", creative: "Watch the video" },
    ]);
  });
});

describe("the join form's redirect", () => {
  it("on success goes to the form's redirect when it is a path on this site, else to /account/", () => {
    expect(joinRedirect("/giveaway")).toBe("/giveaway");
    expect(joinRedirect(undefined)).toBe("/account/");
    expect(joinRedirect("//evil.example/")).toBe("/account/");
    expect(joinRedirect("https://evil.example/")).toBe("/account/");
  });
});
