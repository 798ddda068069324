// The home page's picks, without zod (kept out of the storefront's bundle).

/** The content page whose product links, in order, are the home page's featured products (staff edit it). */
export const FEATURED_PAGE_URL = "/store/featured/";
/** At most this many featured products on the home page. */
export const MAX_FEATURED = 8;
