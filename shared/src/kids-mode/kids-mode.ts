/** The visitor's kids mode (storefront §2 "toggle kids mode"): "1" when on, absent when off. */
export const KIDS_MODE_COOKIE = "kids_mode";

/** GET /kids-mode/ asked for JSON: the state after the toggle. */
export const kidsModeAnswer = (on: boolean) => ({ metadata: { success: true as const }, kids_mode: on });

/** Whether a Cookie header (or document.cookie) has kids mode on. */
export const kidsModeIn = (cookieHeader: string): boolean =>
  cookieHeader.split(";").some((part) => part.trim() === `${KIDS_MODE_COOKIE}=1`);
