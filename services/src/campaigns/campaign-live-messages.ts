import {
  campaignRoom,
  donationEvents,
  isEventOf,
  renderThermometer,
  type CampaignEvent,
  type ThermometerMessage,
} from "@shop/shared";
import type { LiveMessage, LiveMessageMapper } from "../live/live-messages.ts";
import type { RoomStateReader } from "../live/live-states.ts";
import type { RoomDeps } from "../platform/feature.ts";

/** Every campaign change pushes `thermometer` to the campaign's `/public` room: the event carries the totals. */
export const campaignLiveMessages: LiveMessageMapper = (recorded) => {
  if (!isEventOf(donationEvents, recorded)) return [];
  const status = thermometerOf(recorded);
  return [
    {
      namespace: "/public",
      room: campaignRoom(status.campaign),
      name: "thermometer",
      payload: status,
      carriesState: true,
    } satisfies LiveMessage,
  ];
};

/** The totals after a campaign event, as the push and campaign-status show them. */
export function thermometerOf(event: CampaignEvent): ThermometerMessage {
  const d = event.data;
  const totals =
    event.type === "CampaignCreated"
      ? { campaign: d.slug, name: event.data.name, raisedCents: 0, goalCents: event.data.goalCents, donors: 0 }
      : {
          campaign: d.slug,
          name: event.data.name,
          raisedCents: event.data.raisedCents,
          goalCents: event.data.goalCents,
          donors: event.data.donors,
        };
  return {
    campaign: totals.campaign,
    raised_cents: totals.raisedCents,
    goal_cents: totals.goalCents,
    donors: totals.donors,
    html: renderThermometer(totals),
  };
}

/**
 * The thermometer of a campaign's room, from the campaigns read model: what a socket joining the room
 * gets when its process has pushed nothing to it yet (services/src/live/live-states.ts).
 */
export const campaignRoomStates = (deps: RoomDeps): RoomStateReader => ({
  namespace: "/public",
  owns: (room) => room.startsWith(CAMPAIGN_ROOM_PREFIX),
  async read(room) {
    const row = await deps.db
      .selectFrom("campaigns")
      .select(["slug", "name", "goal_cents", "raised_cents", "donors", "version"])
      .where("slug", "=", room.slice(CAMPAIGN_ROOM_PREFIX.length))
      .executeTakeFirst();
    if (!row) return null;
    const totals = {
      campaign: row.slug,
      name: row.name,
      raisedCents: Number(row.raised_cents),
      goalCents: Number(row.goal_cents),
      donors: row.donors,
    };
    const payload: ThermometerMessage = {
      campaign: totals.campaign,
      raised_cents: totals.raisedCents,
      goal_cents: totals.goalCents,
      donors: totals.donors,
      html: renderThermometer(totals),
    };
    return {
      version: row.version,
      messages: [{ namespace: "/public", room, name: "thermometer", payload, carriesState: true }],
    };
  },
});

const CAMPAIGN_ROOM_PREFIX = campaignRoom("");
