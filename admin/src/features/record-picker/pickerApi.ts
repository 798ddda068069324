import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { PICKER, type LookupItem } from '@shop/shared';
import { api } from '../../app/api';

export type PickerItem = LookupItem;
type ItemsResponse = { items: PickerItem[]; total: number; count: number };

export type PickerSearchArgs = {
  api: string;
  query: string;
  /** A search field, or '' for all of them. */
  field: string;
  exclude: number[];
  filters?: Record<string, string | number | boolean | null>;
  count?: number;
};

/** Splits ids so each request's `pk__in=[...]` part stays near the spec's 1000-character limit. */
export function chunkIds(ids: number[], limit = PICKER.idRequestUrlChunkLength): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  let length = 2;
  for (const id of ids) {
    const extra = String(id).length + 1;
    if (current.length && length + extra > limit) {
      chunks.push(current);
      current = [];
      length = 2;
    }
    current.push(id);
    length += extra;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

const searchBody = (args: PickerSearchArgs) => ({
  count: args.count ?? PICKER.defaultResultCount,
  start: 0,
  exclude: args.exclude,
  ...(args.filters ? { filters: args.filters } : {}),
  ...(args.field ? { OR: { [`${args.field}__icontains`]: args.query } } : { query: args.query }),
});

export const pickerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The current items of a picker, by id (GET {api}?pk__in=[...]), in the order the ids were given. */
    pickerItems: build.query<PickerItem[], { api: string; ids: number[] }>({
      async queryFn({ api: base, ids }, _api, _extra, baseQuery) {
        const found: PickerItem[] = [];
        for (const chunk of chunkIds(ids)) {
          const params = new URLSearchParams({ count: '-1', sort: 'id', start: '0', pk__in: JSON.stringify(chunk) });
          const result = await baseQuery(`${base}?${params}`);
          if (result.error) return { error: result.error as FetchBaseQueryError };
          found.push(...(result.data as ItemsResponse).items);
        }
        const byId = new Map(found.map((item) => [item.id, item]));
        return { data: ids.map((id) => byId.get(id)).filter((item): item is PickerItem => item !== undefined) };
      },
    }),
    /** The Find button: POST {api}?ts= with the search (back-office §7). */
    pickerSearch: build.query<ItemsResponse, PickerSearchArgs>({
      query: (args) => ({ url: `${args.api}?ts=${Date.now()}`, method: 'POST', body: searchBody(args) }),
      keepUnusedDataFor: 0,
    }),
    /** Autocomplete while typing: 10 items. */
    pickerAutocomplete: build.query<ItemsResponse, PickerSearchArgs>({
      query: (args) => {
        const params = new URLSearchParams({ count: String(PICKER.autocompleteResultCount), start: '0', query: args.query, exclude: JSON.stringify(args.exclude) });
        for (const [key, value] of Object.entries(args.filters ?? {})) if (value !== null) params.set(key, String(value));
        return `${args.api}?${params}`;
      },
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { usePickerItemsQuery, useLazyPickerSearchQuery, usePickerAutocompleteQuery } = pickerApi;
