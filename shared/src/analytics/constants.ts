// What the pages need of the analytics port without zod (web's initial bundle has a 150 kB budget).

export const ANALYTICS_PATH = "/api/analytics/";

/** The `<meta name>` carrying ANALYTICS to the storefront's pages. */
export const ANALYTICS_META = "shop-analytics";

/** ANALYTICS: a third-party service the storefront also reports to, besides the shop's own port. */
export type ExternalAnalytics = { kind: "ga4"; id: string } | { kind: "plausible"; domain: string };

/** `ga4:G-XXXXXXX` or `plausible:shop.example.org`; null for anything else (or nothing). */
export function parseAnalyticsSetting(value: string | undefined | null): ExternalAnalytics | null {
  const text = value?.trim() ?? "";
  const ga4 = /^ga4:(G-[A-Z0-9]{4,20})$/i.exec(text);
  if (ga4) return { kind: "ga4", id: ga4[1].toUpperCase() };
  const plausible = /^plausible:([a-z0-9-]+(\.[a-z0-9-]+)+)$/i.exec(text);
  if (plausible) return { kind: "plausible", domain: plausible[1].toLowerCase() };
  return null;
}

/** The hosts the CSP opens for the service, and only when it is configured (Google's and Plausible's own lists). */
export function externalAnalyticsHosts(setting: ExternalAnalytics | null): { script: string[]; connect: string[] } {
  if (setting?.kind === "ga4")
    return {
      script: ["https://www.googletagmanager.com"],
      connect: [
        "https://www.google-analytics.com",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
        "https://www.googletagmanager.com",
      ],
    };
  if (setting?.kind === "plausible") return { script: ["https://plausible.io"], connect: ["https://plausible.io"] };
  return { script: [], connect: [] };
}
