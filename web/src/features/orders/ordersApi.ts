import type { OrderAnswer, OrderHistoryAnswer } from "@shop/shared/orders/api";
import { api } from "../../app/api";

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    order: build.query<OrderAnswer, string>({
      query: (number) => `/api/store/shop/orders/${encodeURIComponent(number)}/`,
    }),
    orderHistory: build.query<OrderHistoryAnswer, void>({ query: () => "/api/account/orders/" }),
  }),
});

export const { useOrderQuery, useOrderHistoryQuery } = ordersApi;
