// What the /giveaway page and the join form need, without zod (the storefront bundle stays small).

/** A join-form panel as the page gets it: one is shown, chosen weighted-random by `weight`. */
export interface GiveawayPanel {
  slug: string;
  name: string;
  creative: string;
  weight: number;
}

/** GET /api/gamify/giveaway/?campaign=: the player's entries, the panels, and the winner once drawn. */
export interface GiveawayAnswer {
  metadata: { success: true };
  campaign: { slug: string; name: string; starts_at: string | null; ends_at: string | null };
  /** Each point is one entry in the draw. */
  entries: number;
  achievements: Array<{ slug: string; name: string }>;
  joined: boolean;
  /**
   * Whether the entries count in the draw: the player has a confirmed email (signed in, or a newsletter
   * address confirmed in this browser). Points still count without one; the page says how to confirm.
   */
  eligible: boolean;
  panels: GiveawayPanel[];
  winner: { drawn_at: string; name: string; you: boolean } | null;
}

/** POST /gamify/join/?ts=: success, and the errors the page joins by newline into an alert (§8). */
export interface JoinAnswer {
  success: boolean;
  errors: string[];
  redirect?: string;
  /** The envelope every answer carries, beside the old endpoint's fields (the code on a refusal). */
  metadata: {
    success: boolean;
    errors: string[];
    code?: "INVALID_REQUEST" | "GAMIFY_CAMPAIGN_NOT_FOUND" | "GAMIFY_CAMPAIGN_CLOSED" | "GAMIFY_TOO_MANY_PLAYERS";
  };
}

/** The /public push when staff draw a winner (room `campaign:{slug}`): the page reads its giveaway again. */
export interface GamifyWinnerMessage {
  campaign: string;
}

export const GAMIFY_WINNER_PUSH = "gamify:winner";
/** The /admin push when a player's entries change: the players list reads again. */
export const GAMIFY_ENTRIES_PUSH = "gamify:entries";

export const JOIN_MESSAGES = {
  rulesRequired: "You must accept the giveaway rules to join.",
  campaignNotFound: "This giveaway does not exist.",
  campaignClosed: "This giveaway is not running.",
} as const;

/** Where a joined player goes: the form's redirect when it is a path on this site, else /account/. */
export function joinRedirect(redirect: string | undefined | null): string {
  return redirect && /^\/(?!\/)[^\s\\]*$/.test(redirect) ? redirect : "/account/";
}
