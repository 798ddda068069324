import type { PageSearchAnswer } from "@shop/shared/search/api";
import { api } from "../../app/api";

/** The site search's pages (GET /api/search/pages/); its products are the store list's (catalogApi). */
export const siteSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPages: build.query<Omit<PageSearchAnswer, "metadata">, string>({
      query: (q) => ({ url: "/api/search/pages/", params: { q } }),
      transformResponse: ({ q, items, total }: PageSearchAnswer) => ({ q, items, total }),
    }),
  }),
});

export const { useSearchPagesQuery } = siteSearchApi;

/** The store products shown on the results page (the store list has the rest). */
export const productsQuery = (q: string) => ({ q, sort: "", start: 0, count: 8, filters: {} });
/** The whole store, for the categories an empty result offers. */
export const CATEGORIES_QUERY = { q: "", sort: "", start: 0, count: 1, filters: {} };
/** Searches a visitor who found nothing may try instead. */
export const SEARCH_IDEAS = ["Noah's Ark", "Dinosaurs", "Genesis", "Visitor Guide", "Answers Book"];

/** The words of a search address (`/search/?q=`), trimmed. */
export const searchWords = (search: string) => (new URLSearchParams(search).get("q") ?? "").trim();
