import type { Request } from "express";

/**
 * Whether an address from a request (its Referer) is a page of this shop: its origin is SITE_URL's,
 * or its host is the one the browser sent the request to (Host, which no page on another site can
 * choose). Nothing is built from Host here: it is only compared.
 */
export function isOwnPage(address: string, req: Request, siteUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false; // not an absolute URL: nothing we sent
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return url.origin === new URL(siteUrl).origin || url.host === req.get("host");
}

/**
 * Whether the browser says a request comes from another site: `Sec-Fetch-Site: cross-site`, or a
 * Referer that is no page of ours. With neither header (an old browser, a typed address, a privacy
 * setting) it is taken as our own.
 */
export function isCrossSiteRequest(req: Request, siteUrl: string): boolean {
  if (req.get("sec-fetch-site") === "cross-site") return true;
  const referer = req.get("referer");
  return referer !== undefined && referer !== "" && !isOwnPage(referer, req, siteUrl);
}
