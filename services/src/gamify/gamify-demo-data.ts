import { type EventMetadata, type EventStore, gamifyCampaignStream } from "@shop/shared";
import { VBS_2016_REVEAL } from "@shop/shared/gamify/api";

/**
 * The spec's 2016 vacation bible school reveal giveaway: a page view (1 point), a share and a video
 * played on a /media/ page, each counted once per player, and two achievements.
 */
export async function seedGamifyDemoData(store: EventStore, now: Date, metadata: EventMetadata): Promise<void> {
  await store.append(
    gamifyCampaignStream(VBS_2016_REVEAL),
    [
      {
        type: "GamifyCampaignDefined",
        data: {
          slug: VBS_2016_REVEAL,
          name: "VBS 2016 Reveal Giveaway",
          actions: [
            { type: "page-view", slug: "page-view", points: 1, repeatable: false },
            { type: "share", slug: "share", points: 5, repeatable: false },
            { type: "video-play", slug: "video-play", points: 3, repeatable: false },
          ],
          achievements: [
            { slug: "first-look", name: "First Look", threshold: 1 },
            { slug: "super-fan", name: "Super Fan", threshold: 9 },
          ],
          panels: [
            {
              slug: "reveal",
              name: "Be first to see the reveal",
              creative: "Join and watch the reveal video for more entries.",
              weight: 3,
            },
            {
              slug: "summer",
              name: "Win a summer of VBS",
              creative: "Every point is one entry in the draw.",
              weight: 1,
            },
          ],
          startsAt: null,
          endsAt: null,
          definedAt: now.toISOString(),
          by: null,
        },
        metadata,
      },
    ],
    { expectedVersion: "no-stream" },
  );
}
