import type { MonthlyGiftAnswer, StaffMonthlyGiftListAnswer } from "@shop/shared/monthly-gifts/api";
import { api } from "../../app/api";

export type StaffMonthlyGift = StaffMonthlyGiftListAnswer["items"][number];

/** Staff's monthly gifts (GET /admin/api/monthly-gifts/) and Cancel, which refetches the list. */
export const monthlyGiftsApi = api.enhanceEndpoints({ addTagTypes: ["MonthlyGifts"] }).injectEndpoints({
  endpoints: (build) => ({
    staffMonthlyGifts: build.query<StaffMonthlyGift[], void>({
      query: () => "/admin/api/monthly-gifts/",
      transformResponse: (response: StaffMonthlyGiftListAnswer) => response.items,
      providesTags: ["MonthlyGifts"],
    }),
    staffCancelMonthlyGift: build.mutation<MonthlyGiftAnswer, string>({
      query: (id) => ({ url: `/admin/api/monthly-gifts/${encodeURIComponent(id)}/cancel/`, method: "POST" }),
      invalidatesTags: ["MonthlyGifts"],
    }),
  }),
});

export const { useStaffMonthlyGiftsQuery, useStaffCancelMonthlyGiftMutation } = monthlyGiftsApi;
