import {
  GAMIFY_MESSAGES,
  GamifyAchievementEarned,
  GamifyActionCounted,
  type GamifyActionTally,
  type GamifyCampaignFields,
  GamifyPlayerJoined,
  GamifyPlayerMerged,
  GamifyRefusedError,
  type EventOf,
} from "@shop/shared";

const playerEvents = [GamifyActionCounted, GamifyAchievementEarned, GamifyPlayerMerged, GamifyPlayerJoined] as const;
export type PlayerEvent = EventOf<typeof playerEvents>;

/** One player's progress in one campaign. */
export interface PlayerState {
  points: number;
  /** Slugs of the actions already counted. */
  counted: string[];
  /** Each counted action: how many times, the points it gave, the site days it counted on. */
  tallies: Record<string, GamifyActionTally>;
  achievements: Array<{ slug: string; name: string }>;
  /** Visitors merged into this player at sign-in, with the visitor stream version merged up to. */
  merged: Record<string, number>;
  joined: boolean;
}

export const playerDecider = {
  events: playerEvents,
  initialState: (): PlayerState => ({
    points: 0,
    counted: [],
    tallies: {},
    achievements: [],
    merged: {},
    joined: false,
  }),
  evolve(state: PlayerState, event: PlayerEvent): PlayerState {
    switch (event.type) {
      case "GamifyActionCounted":
        return {
          ...state,
          points: event.data.total,
          counted: state.counted.includes(event.data.action) ? state.counted : [...state.counted, event.data.action],
          tallies: addTally(state.tallies, {
            action: event.data.action,
            count: 1,
            points: event.data.points,
            // Counts written before the day was kept: their UTC day.
            days: [event.data.day ?? event.data.at.slice(0, 10)],
          }),
        };
      case "GamifyAchievementEarned":
        return {
          ...state,
          achievements: [...state.achievements, { slug: event.data.achievement, name: event.data.name }],
        };
      case "GamifyPlayerMerged":
        return {
          ...state,
          points: event.data.total,
          counted: [...new Set([...state.counted, ...event.data.actions])],
          tallies: event.data.byAction.reduce(addTally, state.tallies),
          merged: { ...state.merged, [event.data.from]: event.data.fromVersion },
        };
      case "GamifyPlayerJoined":
        return { ...state, joined: true };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};

function addTally(
  tallies: Record<string, GamifyActionTally>,
  add: GamifyActionTally,
): Record<string, GamifyActionTally> {
  const was = tallies[add.action] ?? { action: add.action, count: 0, points: 0, days: [] };
  return {
    ...tallies,
    [add.action]: {
      action: add.action,
      count: was.count + add.count,
      points: was.points + add.points,
      days: [...new Set([...was.days, ...add.days])],
    },
  };
}

/** A player's entries by action, most points first: what the draw shows of its winner. */
export const talliesOf = (state: PlayerState) =>
  Object.values(state.tallies)
    .map(({ action, count, points }) => ({ action, count, points }))
    .sort((a, b) => b.points - a.points || (a.action < b.action ? -1 : 1));

/** The achievements a new total reaches that the player has not earned, lowest threshold first. */
function achievementsEarned(
  campaign: GamifyCampaignFields,
  state: PlayerState,
  player: string,
  total: number,
  at: string,
): PlayerEvent[] {
  return campaign.achievements
    .filter((a) => a.threshold <= total && !state.achievements.some((e) => e.slug === a.slug))
    .sort((a, b) => a.threshold - b.threshold)
    .map(
      (a): PlayerEvent => ({
        type: "GamifyAchievementEarned",
        data: { campaign: campaign.slug, player, achievement: a.slug, name: a.name, at },
      }),
    );
}

export interface RegisterAction {
  type: "RegisterAction";
  data: {
    campaign: GamifyCampaignFields | null;
    campaignSlug: string;
    action: string;
    player: string;
    data: string | null;
    /**
     * Whether the server saw the action happen (a purchase, a confirmed sign-up). An action the client
     * only claims (page-view, share, video-play through register-action) is not.
     */
    verified: boolean;
    /** Today in the site's time zone (yyyy-mm-dd). */
    day: string;
    now: Date;
  };
}

/**
 * Counts an action for a player. It counts once per player per action slug unless the campaign marks
 * the action repeatable (nobody farms points by reloading): a second time decides nothing. A repeatable
 * action the server cannot verify counts at most once per site day. Each achievement whose threshold
 * the new total reaches is earned, once.
 */
export function decideAction(command: RegisterAction, state: PlayerState): PlayerEvent[] {
  const { campaign, action: actionSlug, player, data, verified, day, now } = command.data;
  if (!campaign) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);
  if (!isRunning(campaign, now)) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_CLOSED", GAMIFY_MESSAGES.campaignClosed);
  const action = campaign.actions.find((a) => a.slug === actionSlug);
  if (!action)
    throw new GamifyRefusedError("GAMIFY_ACTION_NOT_FOUND", GAMIFY_MESSAGES.actionNotFound, {
      action: [GAMIFY_MESSAGES.actionNotFound],
    });
  if (!action.repeatable && state.counted.includes(action.slug)) return [];
  if (!verified && state.tallies[action.slug]?.days.includes(day)) return [];
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
      day,
    },
  };
  return [counted, ...achievementsEarned(campaign, state, player, total, at)];
}

export interface MergeVisitor {
  type: "MergeVisitor";
  data: {
    campaign: GamifyCampaignFields;
    /** The account's player, `user-{id}`. */
    player: string;
    /** The visitor's player, `visitor-{cookie}`, and its stream as read. */
    from: string;
    fromEvents: ReadonlyArray<{ streamPosition: number; event: PlayerEvent }>;
    now: Date;
  };
}

/**
 * A visitor's progress goes into the account at sign-in, without double counting: an action slug the
 * account already counted (or that the visitor counted twice) adds nothing unless repeatable, and a
 * repeatable one adds nothing on a site day the account already has it (a visitor's actions are claimed
 * by its browser: once per day, however many visitors sign in); only the visitor's events after the last
 * merge of it are looked at, so merging again (a second sign-in, a retried request) adds nothing twice.
 * The visitor's joining carries over too.
 */
export function decideMerge(command: MergeVisitor, state: PlayerState): PlayerEvent[] {
  const { campaign, player, from, fromEvents, now } = command.data;
  const mergedUpTo = state.merged[from] ?? -1;
  const newer = fromEvents.filter((e) => e.streamPosition > mergedUpTo);
  const counts = newer.flatMap((e) => (e.event.type === "GamifyActionCounted" ? [e.event.data] : []));
  const at = now.toISOString();
  const events: PlayerEvent[] = [];
  if (counts.length) {
    const repeatable = new Set(campaign.actions.filter((a) => a.repeatable).map((a) => a.slug));
    const taken = new Set(state.counted);
    const actions: string[] = [];
    let tallies: Record<string, GamifyActionTally> = {};
    let points = 0;
    for (const count of counts) {
      if (!repeatable.has(count.action) && taken.has(count.action)) continue;
      const day = count.day ?? count.at.slice(0, 10);
      const seen = [...(state.tallies[count.action]?.days ?? []), ...(tallies[count.action]?.days ?? [])];
      if (seen.includes(day)) continue;
      taken.add(count.action);
      if (!actions.includes(count.action)) actions.push(count.action);
      tallies = addTally(tallies, { action: count.action, count: 1, points: count.points, days: [day] });
      points += count.points;
    }
    const total = state.points + points;
    events.push({
      type: "GamifyPlayerMerged",
      data: {
        campaign: campaign.slug,
        player,
        from,
        fromVersion: newer.at(-1)!.streamPosition,
        fromTotal: counts.at(-1)!.total,
        actions,
        byAction: Object.values(tallies),
        points,
        total,
        at,
      },
    });
    events.push(...achievementsEarned(campaign, state, player, total, at));
  }
  const visitorJoined = newer.find((e) => e.event.type === "GamifyPlayerJoined");
  if (visitorJoined?.event.type === "GamifyPlayerJoined" && !state.joined)
    events.push({
      type: "GamifyPlayerJoined",
      data: { campaign: campaign.slug, player, panel: visitorJoined.event.data.panel, at },
    });
  return events;
}

export interface JoinCampaign {
  type: "JoinCampaign";
  data: { campaign: GamifyCampaignFields | null; player: string; panel: string | null; now: Date };
}

/** A player joins a running campaign once; joining again decides nothing. */
export function decideJoin(command: JoinCampaign, state: PlayerState): PlayerEvent[] {
  const { campaign, player, panel, now } = command.data;
  if (!campaign) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);
  if (!isRunning(campaign, now)) throw new GamifyRefusedError("GAMIFY_CAMPAIGN_CLOSED", GAMIFY_MESSAGES.campaignClosed);
  if (state.joined) return [];
  return [{ type: "GamifyPlayerJoined", data: { campaign: campaign.slug, player, panel, at: now.toISOString() } }];
}

/** Inside its dates (a date left blank does not limit). */
export const isRunning = (campaign: GamifyCampaignFields, now: Date) =>
  !(campaign.startsAt && now < new Date(campaign.startsAt)) && !(campaign.endsAt && now >= new Date(campaign.endsAt));
