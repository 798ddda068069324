// Constants and cookie helpers the storefront needs at run time, without zod (kept out of its bundle).

/** §3: the home-country cookie's name. */
export const HOME_COUNTRY_COOKIE = "home_country";
/** §9: the default region when the visitor has not chosen one. */
export const DEFAULT_HOME_COUNTRY = "United States";
/** The layer id that names the top of the menu: the children of the tree's root nodes. */
export const TOP_MENU_LAYER = 0;
/** A menu-layer request names at most this many parents (a page asks for one or a few). */
export const MAX_MENU_PARENTS = 50;

/** The regions the region panel offers, each with the languages the site has for it. */
export const REGIONS: ReadonlyArray<{ country: string; languages: readonly string[] }> = [
  { country: "United States", languages: ["English"] },
  { country: "Canada", languages: ["English"] },
  { country: "United Kingdom", languages: ["English"] },
  { country: "Australia", languages: ["English"] },
  { country: "New Zealand", languages: ["English"] },
  { country: "Other countries", languages: ["English"] },
];

/** §3: stored with plus signs for spaces ("United+Kingdom"); other unsafe characters percent-encoded. */
export function encodeHomeCountry(country: string): string {
  return encodeURIComponent(country).replace(/%20/g, "+");
}

/** Reads the cookie's value back; empty or undecodable means the default. */
export function decodeHomeCountry(value: string | undefined): string {
  if (!value) return DEFAULT_HOME_COUNTRY;
  try {
    return decodeURIComponent(value.replace(/\+/g, " ")) || DEFAULT_HOME_COUNTRY;
  } catch {
    return DEFAULT_HOME_COUNTRY;
  }
}

/** The home country from a Cookie header or document.cookie. */
export function homeCountryFromCookies(cookies: string): string {
  for (const pair of cookies.split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (name === HOME_COUNTRY_COOKIE) return decodeHomeCountry(rest.join("="));
  }
  return DEFAULT_HOME_COUNTRY;
}
