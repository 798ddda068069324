import {
  campaignRoom,
  donationEvents,
  isEventOf,
  renderThermometer,
  type CampaignEvent,
  type ThermometerMessage,
} from "@shop/shared";
import type { LiveMessage, LiveMessageMapper } from "../live/live-messages.ts";

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
