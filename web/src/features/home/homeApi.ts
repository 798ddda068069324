import type { FeaturedAnswer } from "@shop/shared/home/api";
import { api } from "../../app/api";

/** The home page's own call; its other lists are the store's (catalogApi) and the campaign's. */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    featured: build.query<Omit<FeaturedAnswer, "metadata">, void>({
      query: () => "/api/home/featured/",
      transformResponse: ({ picked, items }: FeaturedAnswer) => ({ picked, items }),
    }),
  }),
});

export const { useFeaturedQuery } = homeApi;

/** What the home page lists: the newest products after the featured ones (they may be the newest too). */
export const NEWEST_QUERY = { q: "", sort: "-release_date", start: 0, count: 8, filters: {} };
/** Products shown in each row of the home page. */
export const ROW_SIZE = 4;
