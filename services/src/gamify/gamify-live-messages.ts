import {
  campaignRoom,
  GAMIFY_ENTRIES_PUSH,
  GAMIFY_WINNER_PUSH,
  gamifyEvents,
  isEventOf,
  type GamifyWinnerMessage,
} from "@shop/shared";
import { STAFF_ROOM, type LiveMessage, type LiveMessageMapper } from "../live/live-messages.ts";

/**
 * New points (an action, a merge) tell staff the campaign's players changed (`gamify:entries` to the
 * staff room: the players list reads again); a draw tells the giveaway page in the campaign's /public
 * room (`gamify:winner`), and staff too.
 */
export const gamifyLiveMessages: LiveMessageMapper = (recorded) => {
  if (!isEventOf(gamifyEvents, recorded)) return [];
  switch (recorded.type) {
    case "GamifyActionCounted":
    case "GamifyPlayerMerged":
    case "GamifyPlayerJoined":
      return [
        {
          namespace: "/admin",
          room: STAFF_ROOM,
          name: GAMIFY_ENTRIES_PUSH,
          payload: { campaign: recorded.data.campaign, id: recorded.data.campaign },
        },
      ];
    case "GamifyWinnerDrawn": {
      const payload: GamifyWinnerMessage = { campaign: recorded.data.campaign };
      return [
        { namespace: "/public", room: campaignRoom(payload.campaign), name: GAMIFY_WINNER_PUSH, payload },
        {
          namespace: "/admin",
          room: STAFF_ROOM,
          name: GAMIFY_ENTRIES_PUSH,
          payload: { ...payload, id: payload.campaign },
        },
      ] satisfies LiveMessage[];
    }
    default:
      return [];
  }
};
