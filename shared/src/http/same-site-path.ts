const BASE = "http://same-site.invalid";
// Anything a browser skips or reads as a slash in a URL: whitespace, control characters, backslashes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const IGNORED_OR_SLASH = /[\s\u0000-\u001f\u007f-\u009f\\]/;
const EVERY_IGNORED_OR_SLASH = new RegExp(IGNORED_OR_SLASH.source, "g");

function looksLikeOwnPath(text: string): boolean {
  if (!text.startsWith("/") || text.startsWith("//")) return false;
  try {
    return new URL(text, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/**
 * Whether `value` is a path on this site, safe to redirect or navigate to: it starts with one `/`,
 * holds no whitespace, control character or backslash (`/\host` is `//host` to a browser), resolves
 * on the same origin by the URL parser, and stays so once percent-decoded (up to three times) and
 * stripped of what browsers ignore, so no later decode can turn it into `//host`.
 */
export function isSameSitePath(value: string): boolean {
  if (value.length > 2000 || !looksLikeOwnPath(value) || IGNORED_OR_SLASH.test(value)) return false;
  let decoded = value;
  for (let round = 0; round < 3; round++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return false; // a stray % is no address we made
    }
    const loose = decoded.replace(EVERY_IGNORED_OR_SLASH, (c) => (c === "\\" ? "/" : ""));
    if (!looksLikeOwnPath(loose)) return false;
  }
  return true;
}

/** `value` when it is a path on this site (a `next` or return parameter), else `fallback`. */
export function sameSitePathOr(value: unknown, fallback: string): string {
  return typeof value === "string" && isSameSitePath(value) ? value : fallback;
}
