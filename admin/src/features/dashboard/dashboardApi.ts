import { DASHBOARD_CHANGED, DASHBOARD_PATH, type DashboardAnswer } from "@shop/shared/dashboard/api";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";

/** A burst of pushes (an import, a busy sale) refetches at most this often. */
const REFETCH_AT_MOST_EVERY_MS = 1000;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/api/dashboard/ in the site's time zone; refetched on `dashboard:changed` and after a reconnect. */
    dashboard: build.query<DashboardAnswer, void>({
      query: () => DASHBOARD_PATH,
      onCacheEntryAdded: (_arg, entry) => {
        const refetch = () =>
          void entry.dispatch(
            dashboardApi.endpoints.dashboard.initiate(undefined, { forceRefetch: true, subscribe: false }),
          );
        let timer: ReturnType<typeof setTimeout> | null = null;
        const soon = () => {
          timer ??= setTimeout(() => {
            timer = null;
            refetch();
          }, REFETCH_AT_MOST_EVERY_MS);
        };
        void entry.cacheEntryRemoved.then(() => timer && clearTimeout(timer));
        return liveCacheEntry(entry, {
          onReconnect: refetch,
          listen: (socket) => socket.on(DASHBOARD_CHANGED, soon),
        });
      },
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
