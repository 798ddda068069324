import type { CampaignInfoAnswer, PlayerStatusAnswer, RegisterActionAnswer } from "@shop/shared/gamify/api";
import { api } from "../../app/api";
import { cachedCampaignInfo, rememberCampaignInfo, sessionStore } from "./campaignInfo";

/** §7 gamification calls. */
export const gamifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerAction: build.mutation<RegisterActionAnswer, { campaign: string; action: string; data?: string }>({
      query: (body) => ({ url: "/api/gamify/register-action/", method: "POST", body }),
      // An action counted while /giveaway is open (its own page view, a video played) changes its entries.
      invalidatesTags: (result, _e, body) => (result ? [{ type: "Giveaway" as const, id: body.campaign }] : []),
    }),
    /** POST campaign-info, once a visit: the answer (or that there is no such campaign) is kept in session storage. */
    campaignInfo: build.query<CampaignInfoAnswer | null, string>({
      async queryFn(campaign, _api, _extra, baseQuery) {
        const cached = cachedCampaignInfo(campaign, sessionStore());
        if (cached !== undefined) return { data: cached };
        const result = await baseQuery({ url: "/api/gamify/campaign-info/", method: "POST", body: { campaign } });
        if (result.error) {
          // A campaign the server does not know is remembered as none; a network failure is asked again.
          if (result.error.status === 404) rememberCampaignInfo(campaign, null, sessionStore());
          return { data: null };
        }
        const info = result.data as CampaignInfoAnswer;
        rememberCampaignInfo(campaign, info, sessionStore());
        return { data: info };
      },
    }),
    /** POST get-player-status: the visitor's points and achievements, without counting anything. */
    playerStatus: build.mutation<PlayerStatusAnswer, { campaign: string }>({
      query: (body) => ({ url: "/api/gamify/get-player-status/", method: "POST", body }),
    }),
  }),
});

export const { useRegisterActionMutation, useCampaignInfoQuery, usePlayerStatusMutation } = gamifyApi;
