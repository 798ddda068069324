/** campaigns: each donation campaign with its totals, ready for campaign-status and the admin list. */
export interface CampaignsTable {
  id: number;
  slug: string;
  name: string;
  goal_cents: number;
  raised_cents: number;
  donors: number;
  starts: string | null;
  ends: string | null;
  /** The stream version: the admin form's expected_version. */
  version: number;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface CampaignsTables {
  campaigns: CampaignsTable;
}
