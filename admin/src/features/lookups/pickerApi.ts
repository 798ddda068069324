import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import type { LookupItem } from "@shop/shared";
import { api } from "../../app/api";
import { autocompleteParams, chunkIds, itemParams, searchBody, type PickerSearchArgs } from "./pickerRequests";

export type { PickerSearchArgs };

export type PickerItem = LookupItem;
type ItemsResponse = { items: PickerItem[]; total: number; count: number };

export const pickerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The current items of a picker, by id (GET {api}?pk__in=[...]&__include=[...]), in the order the ids were given. */
    pickerItems: build.query<PickerItem[], { api: string; ids: number[]; include?: string[] }>({
      async queryFn({ api: base, ids, include }, _api, _extra, baseQuery) {
        const found: PickerItem[] = [];
        for (const chunk of chunkIds(ids)) {
          const result = await baseQuery(`${base}?${itemParams(chunk, include)}`);
          if (result.error) return { error: result.error as FetchBaseQueryError };
          found.push(...(result.data as ItemsResponse).items);
        }
        const byId = new Map(found.map((item) => [item.id, item]));
        return { data: ids.map((id) => byId.get(id)).filter((item): item is PickerItem => item !== undefined) };
      },
    }),
    /** A small lookup list in full (GET {api}?count=-1, back-office §7 "lists"): media formats, node types. */
    lookupList: build.query<Array<{ id: number; name: string }>, string>({
      query: (base) => `${base}?count=-1`,
      transformResponse: (response: ItemsResponse) =>
        response.items.map(({ id, name }) => ({ id, name: String(name) })),
    }),
    /** The Find button: POST {api}?ts= with the search (back-office §7). */
    pickerSearch: build.query<ItemsResponse, PickerSearchArgs>({
      query: (args) => ({ url: `${args.api}?ts=${Date.now()}`, method: "POST", body: searchBody(args) }),
      keepUnusedDataFor: 0,
    }),
    /** Autocomplete while typing: 10 items, ordered by their display string (`sort=keyword`). */
    pickerAutocomplete: build.query<ItemsResponse, PickerSearchArgs>({
      query: (args) => `${args.api}?${autocompleteParams(args)}`,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { usePickerItemsQuery, useLazyPickerSearchQuery, usePickerAutocompleteQuery, useLookupListQuery } =
  pickerApi;
