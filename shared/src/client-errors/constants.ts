// Limits the storefront needs at run time, without zod (kept out of its bundle).

/** Where the storefront reports a browser script error or a failed request. */
export const CLIENT_ERRORS_PATH = "/api/client-errors/";
/** A report's body may be at most this many bytes (413 beyond): a stack trace fits, a flood does not. */
export const CLIENT_ERROR_MAX_BYTES = 8 * 1024;
/** Reports one address may send per window (429 beyond), and the window. */
export const CLIENT_ERROR_RATE = { points: 20, windowSeconds: 60 };
/** One page sends at most this many reports, each different message once. */
export const CLIENT_ERRORS_PER_PAGE = 10;
/** The newest reports kept; older ones are deleted as new ones arrive. */
export const CLIENT_ERRORS_KEPT = 10_000;
