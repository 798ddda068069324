import type { RegisterActionAnswer } from "@shop/shared/gamify/api";
import { api } from "../../app/api";

/** §7 gamification calls. */
export const gamifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerAction: build.mutation<RegisterActionAnswer, { campaign: string; action: string; data?: string }>({
      query: (body) => ({ url: "/api/gamify/register-action/", method: "POST", body }),
      // An action counted while /giveaway is open (its own page view, a video played) changes its entries.
      invalidatesTags: (result, _e, body) => (result ? [{ type: "Giveaway" as const, id: body.campaign }] : []),
    }),
  }),
});

export const { useRegisterActionMutation } = gamifyApi;
