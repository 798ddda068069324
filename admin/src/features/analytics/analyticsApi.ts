import type { AnalyticsSummary } from "@shop/shared/analytics/api";
import { api } from "../../app/api";

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyticsSummary: build.query<AnalyticsSummary, number>({
      query: (days) => ({ url: "/admin/api/analytics/summary/", params: { days } }),
    }),
  }),
});

export const { useAnalyticsSummaryQuery } = analyticsApi;
