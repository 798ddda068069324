import type { RegisterActionAnswer } from "@shop/shared/gamify/api";
import { api } from "../../app/api";

/** §7 gamification calls. */
export const gamifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    registerAction: build.mutation<RegisterActionAnswer, { campaign: string; action: string; data?: string }>({
      query: (body) => ({ url: "/api/gamify/register-action/", method: "POST", body }),
    }),
  }),
});

export const { useRegisterActionMutation } = gamifyApi;
