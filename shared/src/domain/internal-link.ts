/**
 * The organisation's own sites: links to these count as internal (no new window, no exit tracking).
 * Hosts match exactly, ignoring case, so a new subdomain has to be added here.
 */
export const ORGANISATION_HOSTS: readonly string[] = [
  "answersingenesis.org",
  "www.answersingenesis.org",
  "store.answersingenesis.org",
  "assets.answersingenesis.org",
  "arkencounter.com",
  "www.arkencounter.com",
  "store.arkencounter.com",
  "creationmuseum.org",
  "www.creationmuseum.org",
  "store.creationmuseum.org",
  "answersresearchjournal.org",
  "www.answersresearchjournal.org",
  "answersvbs.com",
  "www.answersvbs.com",
  "answers.tv",
];

/** Where the host list comes from when a caller wants its own (tests, a staging site). */
export interface InternalLinkOptions {
  hosts?: readonly string[];
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// The authority of an absolute or protocol-relative URL: optional user info, host, optional port.
const AUTHORITY = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^@/?#]*@)?([^/?#:]+)(?::(\d+))?(?:[/?#]|$)/i;
const PRIVATE_IPV4 = /^(?:10\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])|192\.168|127\.\d{1,3})\.\d{1,3}\.\d{1,3}$/;

/**
 * Whether a link stays on the organisation's sites. Relative URLs (a path, a query, a #fragment)
 * are internal. Absolute http(s) and protocol-relative URLs are internal when their host is in the
 * list, or when they name a private IPv4 address (10.x, 172.16-31.x, 192.168.x, 127.x) with an
 * explicit port, as development and staging servers do. Other schemes (mailto:, tel:,
 * javascript:) are not internal.
 */
export function isInternalLink(url: string, options: InternalLinkOptions = {}): boolean {
  const text = url.trim();
  const scheme = SCHEME.exec(text)?.[1].toLowerCase();
  if (scheme === undefined && !text.startsWith("//")) return true;
  if (scheme !== undefined && scheme !== "http" && scheme !== "https") return false;

  const authority = AUTHORITY.exec(text);
  if (!authority) return false;
  const host = authority[1].toLowerCase();
  const hosts = options.hosts ?? ORGANISATION_HOSTS;
  if (hosts.some((known) => known.toLowerCase() === host)) return true;
  return authority[2] !== undefined && PRIVATE_IPV4.test(host);
}
