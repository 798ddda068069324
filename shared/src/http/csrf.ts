/** The readable cookie the server sets, and the header every non-safe request must echo it in. */
export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "X-CSRFToken";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The csrftoken value from a `document.cookie` string, or null before the server has set one. */
export function readCsrfCookie(cookies: string): string | null {
  for (const pair of cookies.split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The X-CSRFToken value a request of this method must carry, or null when it needs none (or none is known). */
export function csrfHeaderFor(method: string, cookies: string): string | null {
  return SAFE_METHODS.has(method.toUpperCase()) ? null : readCsrfCookie(cookies);
}
