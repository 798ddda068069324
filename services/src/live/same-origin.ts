import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(",")[0].trim() || undefined;

/**
 * Whether a socket.io handshake comes from the site's own pages: its Origin has the host the
 * request was sent to (and the scheme, when known). Behind a proxy (BEHIND_PROXY), the host and
 * scheme the browser saw are in X-Forwarded-Host and X-Forwarded-Proto, as express reads them.
 *
 * A handshake without Origin is let through: browsers send Origin on every WebSocket handshake and
 * every cross-origin request, so one without it is a same-origin polling GET or a program that is
 * not a browser; neither can ride on a visitor's cookie from another site (a cross-site page's
 * plain GETs carry no SameSite=Lax session cookie, and cannot read the answer).
 */
export function isSameOrigin(req: IncomingMessage, behindProxy: boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let from: URL;
  try {
    from = new URL(origin); // "null" (a sandboxed frame, a file) fails here and is refused
  } catch {
    return false;
  }
  const host = (behindProxy && first(req.headers["x-forwarded-host"])) || first(req.headers.host);
  const scheme = behindProxy
    ? first(req.headers["x-forwarded-proto"])
    : (req.socket as TLSSocket).encrypted
      ? "https"
      : "http";
  if (!host) return false;
  if (scheme && from.protocol !== `${scheme}:`) return false;
  try {
    // Through URL, so "example.org:80" and "example.org" compare equal for http.
    return new URL(`${from.protocol}//${host}`).host === from.host;
  } catch {
    return false;
  }
}
