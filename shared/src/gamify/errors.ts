import { DomainError } from "../errors/domain-error.ts";

export const gamifyErrorCodes = [
  "GAMIFY_CAMPAIGN_NOT_FOUND",
  "GAMIFY_CAMPAIGN_CLOSED",
  "GAMIFY_ACTION_NOT_FOUND",
  "GAMIFY_CAMPAIGN_EXISTS",
  "GAMIFY_CAMPAIGN_DATES",
  "GAMIFY_WINNER_ALREADY_DRAWN",
  "GAMIFY_NO_ENTRIES",
  "GAMIFY_TOO_MANY_PLAYERS",
] as const;
export type GamifyErrorCode = (typeof gamifyErrorCodes)[number];

export const GAMIFY_MESSAGES = {
  campaignNotFound: "Campaign not found.",
  campaignClosed: "This campaign is not running.",
  actionNotFound: "This campaign has no such action.",
  campaignExists: "A gamify campaign with this slug already exists.",
  endsBeforeStart: "The campaign must end after it starts.",
  winnerAlreadyDrawn: "A winner has already been drawn for this campaign.",
  noEntries: "Nobody with a confirmed email has any entries in this campaign yet.",
  tooManyPlayers: "Too many new players from your address. Please try again later.",
} as const;

/** A gamify refusal: unknown campaign or action, a campaign outside its dates, a definition or draw refused. */
export class GamifyRefusedError extends DomainError<GamifyErrorCode> {}
