/** gamify_campaigns: each campaign's definition and its winner once drawn, for the admin list and form. */
export interface GamifyCampaignsTable {
  slug: string;
  name: string;
  starts_at: string | null;
  ends_at: string | null;
  /** actions, achievements and panels as the definition event says them. */
  definition: string;
  winner: string | null;
  drawn_at: string | null;
  /** The winner's entries at the draw, and the actions that gave them (JSON `[{action, count, points}]`). */
  winner_entries: number | null;
  winner_actions: string | null;
  /** The stream version: the admin form's expected_version. */
  version: number;
}

/**
 * gamify_players: each player's points in a campaign. A visitor merged into an account at sign-in keeps
 * its row, but the merged points (`merged_points`) are the account's now: entries = points - merged_points.
 */
export interface GamifyPlayersTable {
  campaign: string;
  player: string;
  points: number;
  merged_points: number;
  joined: boolean;
  updated_at: string;
}

/** gamify_confirmed_visitors: visitors that confirmed a newsletter address in their browser (their entries count in draws). */
export interface GamifyConfirmedVisitorsTable {
  player: string;
  confirmed_at: string;
}

export interface GamifyTables {
  gamify_campaigns: GamifyCampaignsTable;
  gamify_players: GamifyPlayersTable;
  gamify_confirmed_visitors: GamifyConfirmedVisitorsTable;
}
