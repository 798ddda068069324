// What a content page needs to show its ads, without zod (the storefront bundle stays small).

/**
 * Spec §9: a long page's two placements hold a magazine ad (at a third) and one of the ministry's own
 * (at two thirds). An ad is one or the other.
 */
export const AD_KINDS = ["magazine", "own"] as const;
export type AdKind = (typeof AD_KINDS)[number];

/** One ad placed in a content page's body: shown after the `after_paragraph`-th paragraph (1-based). */
export interface PlacedAd {
  after_paragraph: number;
  title: string;
  link_url: string;
  image_url: string;
  alt_text: string;
}
