import type { SiteAnswer } from "@shop/shared/domain/site-time";
import { api } from "../../app/api";

export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The site's settings (GET /admin/api/site/): loaded once per session. */
    site: build.query<SiteAnswer, void>({ query: () => "/admin/api/site/" }),
  }),
});

/**
 * SITE_TIME_ZONE, the zone staff type and read times in (the server stores and sends UTC);
 * undefined until the server has said, so no time is ever shown in the browser's own zone.
 */
export function useSiteTimeZone(): string | undefined {
  return siteApi.useSiteQuery().data?.time_zone;
}
