import {
  GAMIFY_MESSAGES,
  GamifyAchievementEarned,
  GamifyActionCounted,
  type GamifyCampaignFields,
  GamifyRefusedError,
  type EventOf,
} from "@shop/shared";

const playerEvents = [GamifyActionCounted, GamifyAchievementEarned] as const;
export type PlayerEvent = EventOf<typeof playerEvents>;

/** One player's progress in one campaign. */
export interface PlayerState {
  points: number;
  /** Slugs of the actions already counted. */
  counted: string[];
  achievements: Array<{ slug: string; name: string }>;
}

export const playerDecider = {
  events: playerEvents,
  initialState: (): PlayerState => ({ points: 0, counted: [], achievements: [] }),
  evolve(state: PlayerState, event: PlayerEvent): PlayerState {
    switch (event.type) {
      case "GamifyActionCounted":
        return {
          ...state,
          points: event.data.total,
          counted: state.counted.includes(event.data.action) ? state.counted : [...state.counted, event.data.action],
        };
      case "GamifyAchievementEarned":
        return {
          ...state,
          achievements: [...state.achievements, { slug: event.data.achievement, name: event.data.name }],
        };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};

export interface RegisterAction {
  type: "RegisterAction";
  data: {
    campaign: GamifyCampaignFields | null;
    campaignSlug: string;
    action: string;
    player: string;
    data: string | null;
    now: Date;
  };
}

/**
 * Counts an action for a player. It counts once per player per action slug unless the campaign marks
 * the action repeatable (nobody farms points by reloading): a second time decides nothing. Each
 * achievement whose threshold the new total reaches is earned, once.
 */
export function decideAction(command: RegisterAction, state: PlayerState): PlayerEvent[] {
  const { campaign, action: actionSlug, player, data, now } = command.data;
  if (!campaign) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);
  if ((campaign.startsAt && now < new Date(campaign.startsAt)) || (campaign.endsAt && now >= new Date(campaign.endsAt)))
    throw new GamifyRefusedError("GAMIFY_CAMPAIGN_CLOSED", GAMIFY_MESSAGES.campaignClosed);
  const action = campaign.actions.find((a) => a.slug === actionSlug);
  if (!action)
    throw new GamifyRefusedError("GAMIFY_ACTION_NOT_FOUND", GAMIFY_MESSAGES.actionNotFound, {
      action: [GAMIFY_MESSAGES.actionNotFound],
    });
  if (!action.repeatable && state.counted.includes(action.slug)) return [];
  const at = now.toISOString();
  const total = state.points + action.points;
  const counted: PlayerEvent = {
    type: "GamifyActionCounted",
    data: {
      campaign: campaign.slug,
      player,
      action: action.slug,
      actionType: action.type,
      points: action.points,
      total,
      data,
      at,
    },
  };
  const earned = campaign.achievements
    .filter((a) => a.threshold <= total && !state.achievements.some((e) => e.slug === a.slug))
    .sort((a, b) => a.threshold - b.threshold)
    .map(
      (a): PlayerEvent => ({
        type: "GamifyAchievementEarned",
        data: { campaign: campaign.slug, player, achievement: a.slug, name: a.name, at },
      }),
    );
  return [counted, ...earned];
}
