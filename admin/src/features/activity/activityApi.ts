import type { FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from "@reduxjs/toolkit/query";
import { api } from "../../app/api";
import type { RootState } from "../../app/store";
import { liveCacheEntry } from "../../platform/liveCacheEntry";

/** One event appended to the log, as the `/admin` socket pushes it (`audit:event`). */
export type AuditEvent = {
  position: number | string;
  time: string;
  stream: string;
  type: string;
  user: string | number | null;
  /** The user's name when the server knows it. */
  user_name?: string | null;
};

export type RecentActivity = { items: AuditEvent[]; live: boolean };

type ActivityResult = QueryReturnValue<RecentActivity, FetchBaseQueryError, FetchBaseQueryMeta | undefined>;
type AuditResponse = { metadata: { success: boolean }; items: AuditEvent[] };

export const recentActivityLimit = 20;

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    recentActivity: build.query<RecentActivity, void>({
      async queryFn(_arg, { getState }, _extra, baseQuery): Promise<ActivityResult> {
        const result = await baseQuery(`/admin/api/base/audit/?count=${recentActivityLimit}`);
        // A refetch (after a reconnect) keeps pushes that arrived meanwhile and the live flag.
        const previous: RecentActivity | undefined = activityApi.endpoints.recentActivity.select()(
          getState() as RootState,
        ).data;
        const live = previous?.live ?? false;
        // Without the history endpoint the feed still works: it starts empty and fills from pushes.
        if (result.error?.status === 404) return { data: { items: previous?.items ?? [], live } };
        if (result.error) return { error: result.error };
        const fetched = (result.data as AuditResponse).items ?? [];
        return { data: { items: newestFirst([...fetched, ...(previous?.items ?? [])]), live } };
      },
      providesTags: ["Activity"],
      onCacheEntryAdded: (_arg, entry) => {
        const { updateCachedData, dispatch } = entry;
        const setLive = (live: boolean) =>
          updateCachedData((draft) => {
            draft.live = live;
          });
        return liveCacheEntry(entry, {
          // Pushes sent while disconnected are lost, so reload the history after a reconnect.
          onReconnect: () => dispatch(api.util.invalidateTags(["Activity"])),
          listen: (socket) => {
            socket.on("connect", () => setLive(true));
            socket.on("disconnect", () => setLive(false));
            socket.on("audit:event", (event: AuditEvent) =>
              updateCachedData((draft) => {
                if (draft.items.some((item) => String(item.position) === String(event.position))) return;
                draft.items.unshift(event);
                draft.items.splice(recentActivityLimit);
              }),
            );
          },
        });
      },
    }),
  }),
});

function newestFirst(events: AuditEvent[]): AuditEvent[] {
  const byPosition = new Map(events.map((event) => [String(event.position), event]));
  return [...byPosition.values()].sort((a, b) => Number(b.position) - Number(a.position)).slice(0, recentActivityLimit);
}

export const { useRecentActivityQuery } = activityApi;
