import { DomainError } from "../errors/domain-error.ts";

export const gamifyErrorCodes = [
  "GAMIFY_CAMPAIGN_NOT_FOUND",
  "GAMIFY_CAMPAIGN_CLOSED",
  "GAMIFY_ACTION_NOT_FOUND",
] as const;
export type GamifyErrorCode = (typeof gamifyErrorCodes)[number];

export const GAMIFY_MESSAGES = {
  campaignNotFound: "Campaign not found.",
  campaignClosed: "This campaign is not running.",
  actionNotFound: "This campaign has no such action.",
} as const;

/** A gamify refusal: unknown campaign or action, or a campaign outside its dates. */
export class GamifyRefusedError extends DomainError<GamifyErrorCode> {}
