// What a content page needs to show its ads, without zod (the storefront bundle stays small).

/** One ad placed in a content page's body: shown after the `after_paragraph`-th paragraph (1-based). */
export interface PlacedAd {
  after_paragraph: number;
  title: string;
  link_url: string;
  image_url: string;
  alt_text: string;
}
