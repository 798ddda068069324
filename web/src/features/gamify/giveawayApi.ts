import type { GamifyWinnerMessage, GiveawayAnswer, JoinAnswer } from "@shop/shared/gamify/giveaway";
import { GAMIFY_WINNER_PUSH } from "@shop/shared/gamify/giveaway";
import { api } from "../../app/api";
import { openSocketNamespace } from "../../platform/socketNamespace";

type JoinResult = JoinAnswer;
const tag = (campaign: string) => ({ type: "Giveaway" as const, id: campaign });

/** The /giveaway page's data, live: a draw (`gamify:winner` in the campaign's /public room) reads it again. */
export const giveawayApi = api.injectEndpoints({
  endpoints: (build) => ({
    giveaway: build.query<GiveawayAnswer, string>({
      query: (campaign) => ({ url: "/api/gamify/giveaway/", params: { campaign, ts: Date.now() } }),
      providesTags: (_r, _e, campaign) => [tag(campaign)],
      async onCacheEntryAdded(campaign, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const socket = await openSocketNamespace("/public");
        if (!socket) return;
        const refetch = () => dispatch(api.util.invalidateTags([tag(campaign)]));
        socket.on("connect", () => socket.emit("join", { campaign }));
        if (socket.connected) socket.emit("join", { campaign });
        socket.io.on("reconnect", refetch); // a draw pushed while away is read on return
        socket.on(GAMIFY_WINNER_PUSH, (message: GamifyWinnerMessage) => {
          if (message?.campaign === campaign) refetch();
        });
        await cacheEntryRemoved;
        socket.close();
      },
    }),
    /** The join form (`{join form action}?ts=`): the answer carries success and errors even when refused. */
    joinCampaign: build.mutation<JoinResult, Record<string, string>>({
      query: (body) => ({ url: `/gamify/join/?ts=${Date.now()}`, method: "POST", body }),
      transformErrorResponse: (error) => error,
      invalidatesTags: (result, _e, body) => (result?.success ? [tag(body.campaign ?? "")] : []),
    }),
  }),
});

export const { useGiveawayQuery, useJoinCampaignMutation } = giveawayApi;
