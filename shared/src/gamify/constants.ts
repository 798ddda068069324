// Names the storefront needs at run time, without zod (kept out of its bundle).

/** The anonymous player's cookie (a random id), merged into the account at sign-in. */
export const GAMIFY_PLAYER_COOKIE = "gamify_player";
/** The demo's 2016 vacation bible school reveal giveaway. */
export const VBS_2016_REVEAL = "vbs-2016-reveal";
