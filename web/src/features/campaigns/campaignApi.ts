import { api } from "../../app/api";
import { STATE_WAIT_MS } from "@shop/shared/live/socket-options";
import { openSocketNamespace } from "../../platform/socketNamespace";

/** A campaign's totals, from `GET /api/store/campaign-status/` and the `/public` socket's `thermometer` pushes. */
export type CampaignStatus = { campaign: string; raised_cents: number; goal_cents: number; donors: number };

type CampaignStatusResponse = Partial<CampaignStatus> & { metadata?: { success?: boolean }; html?: string };
type ThermometerMessage = CampaignStatus & { html?: string };

export const campaignApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Null when the server has no status for the campaign; the thermometer then stays hidden. */
    campaignStatus: build.query<CampaignStatus | null, string>({
      query: (campaign) => ({ url: "/api/store/campaign-status/", params: { campaign } }),
      transformResponse: (response: CampaignStatusResponse) =>
        response.metadata?.success ? toCampaignStatus(response) : null,
      providesTags: (_result, _error, campaign) => [{ type: "CampaignStatus", id: campaign }],
      async onCacheEntryAdded(campaign, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before it ever loaded: nothing to keep live
        }
        const socket = await openSocketNamespace("/public");
        if (!socket) return;
        socket.on("connect", () => socket.emit("join", { campaign }));
        // Pushes sent while disconnected are lost. The server sends the current totals to a socket joining
        // the room; when they do not come (it could not read them), ask for them.
        let refetch: ReturnType<typeof setTimeout> | undefined;
        socket.io.on("reconnect", () => {
          clearTimeout(refetch);
          refetch = setTimeout(
            () => dispatch(api.util.invalidateTags([{ type: "CampaignStatus", id: campaign }])),
            STATE_WAIT_MS,
          );
        });
        socket.on("thermometer", (message: ThermometerMessage) => {
          if (message?.campaign !== campaign) return;
          clearTimeout(refetch);
          const status = toCampaignStatus(message);
          if (status) updateCachedData(() => status);
        });
        await cacheEntryRemoved;
        clearTimeout(refetch);
        socket.close();
      },
    }),
  }),
});

function toCampaignStatus(source: Partial<CampaignStatus>): CampaignStatus | null {
  const { campaign, raised_cents, goal_cents, donors } = source;
  if (typeof campaign !== "string") return null;
  if (![raised_cents, goal_cents, donors].every((n) => typeof n === "number" && Number.isFinite(n))) return null;
  return { campaign, raised_cents: raised_cents!, goal_cents: goal_cents!, donors: donors! };
}

export const { useCampaignStatusQuery } = campaignApi;
