import type { MonthlyGiftAnswer, MonthlyGiftListAnswer } from "@shop/shared/monthly-gifts/api";
import { api } from "../../app/api";

export type { MonthlyGiftView } from "@shop/shared/monthly-gifts/api";

const PATH = "/api/account/monthly-gifts/";

/** The signed-in shopper's monthly gifts; a cancel answers the gift as it now is, patched into the list. */
export const monthlyGiftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    monthlyGifts: build.query<MonthlyGiftListAnswer, void>({ query: () => PATH }),
    cancelMonthlyGift: build.mutation<MonthlyGiftAnswer, string>({
      query: (id) => ({ url: `${PATH}${encodeURIComponent(id)}/cancel/`, method: "POST" }),
      onQueryStarted: (_id, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) =>
            void dispatch(
              monthlyGiftsApi.util.updateQueryData("monthlyGifts", undefined, (list) => {
                list.items = list.items.map((g) => (g.id === data.gift.id ? data.gift : g));
              }),
            ),
          () => undefined,
        ),
    }),
  }),
});

export const { useMonthlyGiftsQuery, useCancelMonthlyGiftMutation } = monthlyGiftsApi;
