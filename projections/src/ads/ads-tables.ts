/** ads: the ads staff manage, for content pages (3 random active ones) and the admin list. */
export interface AdsTable {
  id: number;
  title: string;
  link_url: string;
  image_url: string;
  alt_text: string;
  active: boolean;
  /** "magazine" or "own" (AD_KINDS). */
  kind: string;
  /** The stream version: the admin form's expected_version. */
  version: number;
}

export interface AdsTables {
  ads: AdsTable;
}
