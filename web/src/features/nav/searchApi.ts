import { MIN_SUGGEST_CHARS } from "@shop/shared/search/constants";
import type { Suggestion, SuggestAnswer } from "@shop/shared/search/api";
import { api } from "../../app/api";

/** Waits this long after the last key before asking for suggestions. */
export const SUGGEST_DELAY_MS = 200;

/** The suggestions of an answer: its second element (§7), or none if it is not the expected list. */
export function suggestionsOf(answer: unknown): Suggestion[] {
  if (!Array.isArray(answer) || !Array.isArray(answer[1])) return [];
  return (answer[1] as unknown[]).filter(
    (s): s is Suggestion => Array.isArray(s) && typeof s[0] === "string" && typeof s[1] === "string",
  );
}

export const wantsSuggestions = (q: string) => q.trim().length >= MIN_SUGGEST_CHARS;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    suggest: build.query<Suggestion[], string>({
      query: (q) => ({ url: "/api/search/suggest/", params: { q } }),
      transformResponse: (answer: SuggestAnswer) => suggestionsOf(answer),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useSuggestQuery } = searchApi;
