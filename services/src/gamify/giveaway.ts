import {
  drawWinner,
  GAMIFY_MESSAGES,
  gamifyCampaignEvents,
  GamifyRefusedError,
  fieldMessage,
  type GamifyCampaignEvent,
  type GamifyCampaignFields,
  type GamifyDrawEntry,
  type UserRef,
} from "@shop/shared";

/** A campaign's definition (null until defined) and its winner once drawn. */
export interface GiveawayState {
  definition: GamifyCampaignFields | null;
  winner: string | null;
}

export type GiveawayCommand =
  | { type: "DefineGamifyCampaign"; data: { fields: GamifyCampaignFields; creating: boolean } }
  | {
      type: "DrawGamifyWinner";
      data: {
        seed: string;
        entries: GamifyDrawEntry[];
        /** The actions that gave each entry of the player `drawWinner` picks from these (the router looks them up). */
        winnerActions: GamifyWinnerActions;
      };
    };

export type GamifyWinnerActions = Array<{ action: string; count: number; points: number }>;

/** The draw's order: by player, so the same seed and entries pick the same winner wherever it is run again. */
export const drawOrder = (entries: GamifyDrawEntry[]) => [...entries].sort((a, b) => (a.player < b.player ? -1 : 1));

export const giveawayDecider = {
  initialState: (): GiveawayState => ({ definition: null, winner: null }),
  events: gamifyCampaignEvents,
  evolve(state: GiveawayState, event: GamifyCampaignEvent): GiveawayState {
    switch (event.type) {
      case "GamifyCampaignDefined": {
        const { definedAt: _at, by: _by, ...definition } = event.data;
        return { ...state, definition };
      }
      case "GamifyWinnerDrawn":
        return { ...state, winner: event.data.winner };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};

/** The definition in one key order, so a save that changes nothing is seen as such whatever the stored order. */
const canonical = (f: GamifyCampaignFields) =>
  JSON.stringify([
    f.slug,
    f.name,
    f.actions.map((a) => [a.type, a.slug, a.points, a.repeatable]),
    f.achievements.map((a) => [a.slug, a.name, a.threshold]),
    f.panels.map((p) => [p.slug, p.name, p.creative, p.weight]),
    f.startsAt,
    f.endsAt,
  ]);

const notFound = () => new GamifyRefusedError("GAMIFY_CAMPAIGN_NOT_FOUND", GAMIFY_MESSAGES.campaignNotFound);

/**
 * Pure. Staff define a campaign once (a slug names it for good) and redefine it whole; a save that
 * changes nothing appends nothing; it must end after it starts. The draw picks one player weighted by
 * entries from the seed (drawWinner), once per campaign, and the event keeps the seed and the entries.
 */
export function decideGiveaway(
  command: GiveawayCommand,
  state: GiveawayState,
  meta: { now: Date; by: UserRef | null },
): GamifyCampaignEvent[] {
  const at = meta.now.toISOString();
  switch (command.type) {
    case "DefineGamifyCampaign": {
      const { fields, creating } = command.data;
      if (creating && state.definition)
        throw new GamifyRefusedError(
          "GAMIFY_CAMPAIGN_EXISTS",
          GAMIFY_MESSAGES.campaignExists,
          fieldMessage("slug", GAMIFY_MESSAGES.campaignExists),
        );
      if (!creating && !state.definition) throw notFound();
      if (fields.startsAt && fields.endsAt && new Date(fields.endsAt) <= new Date(fields.startsAt))
        throw new GamifyRefusedError(
          "GAMIFY_CAMPAIGN_DATES",
          GAMIFY_MESSAGES.endsBeforeStart,
          fieldMessage("ends_at", GAMIFY_MESSAGES.endsBeforeStart),
        );
      if (state.definition && canonical(fields) === canonical(state.definition)) return [];
      return [{ type: "GamifyCampaignDefined", data: { ...fields, definedAt: at, by: meta.by } }];
    }
    case "DrawGamifyWinner": {
      if (!state.definition) throw notFound();
      if (state.winner) throw new GamifyRefusedError("GAMIFY_WINNER_ALREADY_DRAWN", GAMIFY_MESSAGES.winnerAlreadyDrawn);
      const entries = drawOrder(command.data.entries);
      const winner = drawWinner(command.data.seed, entries);
      if (!winner) throw new GamifyRefusedError("GAMIFY_NO_ENTRIES", GAMIFY_MESSAGES.noEntries);
      return [
        {
          type: "GamifyWinnerDrawn",
          data: {
            campaign: state.definition.slug,
            seed: command.data.seed,
            entries,
            winner,
            winnerActions: command.data.winnerActions,
            drawnAt: at,
            by: meta.by,
          },
        },
      ];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}
