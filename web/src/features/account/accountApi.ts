import { api } from "../../app/api";

export type User = { id: number | string; email: string; name: string; is_staff: boolean };

type MeResponse = { metadata: { success: boolean }; user: User | null };

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User | null, void>({
      query: () => "/api/account/me/",
      transformResponse: (response: MeResponse) => response.user ?? null,
      providesTags: ["Me"],
    }),
    logIn: build.mutation<MeResponse, { email: string; password: string }>({
      query: (body) => ({ url: "/api/account/login/", method: "POST", body }),
      invalidatesTags: ["Me", "Cart", "MiniCart"],
    }),
  }),
});

export const { useMeQuery, useLogInMutation } = accountApi;
