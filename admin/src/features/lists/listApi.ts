import { parseActionTime, type ActionChangedMessage } from "@shop/shared";
import { formatSiteTime, formatSiteTimeInput } from "@shop/shared/domain/site-time";
import type { NodeSavedMessage, NodeStatusMessage } from "@shop/shared/live/messages";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";
import type { ListModel, ListRow } from "./listModels";

export type ListArg = {
  api: string;
  start: number;
  count: number;
  sort: string;
  q: string;
  serverSide: boolean;
  /** The server's name for the search text (`query` unless the model says `q`). */
  searchParam?: string;
};
export type ListPage = { items: ListRow[]; total: number };

type ListResponse = { items: Array<ListRow & { status?: unknown }>; total: number };

/** Status comes as '{id, title}' from the picker-style lists and as text elsewhere; rows keep the text. */
const statusText = (status: unknown) =>
  status && typeof status === "object" && "title" in status ? String(status.title) : status;

export type ListView = { start: number; count: number; sort: string; q: string };

/** What to fetch: the page asked for, or (for lists the browser pages itself) every row once. */
export function listArg(model: ListModel, view: ListView): ListArg {
  if (!model.serverSide) return { api: model.api, serverSide: false, start: 0, count: -1, sort: "id", q: "" };
  return { api: model.api, serverSide: true, searchParam: model.searchParam, ...view };
}

export const listApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRecords: build.query<ListPage, ListArg>({
      query: ({ api: url, start, count, sort, q, serverSide, searchParam = "query" }) => {
        if (!serverSide) return `${url}?start=0&count=-1`;
        const params = new URLSearchParams({ start: String(start), count: String(count), sort });
        if (q) params.set(searchParam, q);
        return `${url}?${params}`;
      },
      transformResponse: (response: ListResponse) => ({
        total: response.total,
        items: response.items.map((row) => ({ ...row, status: statusText(row.status) })),
      }),
      providesTags: ["NodeList"],
      // Status changes and scheduled actions arrive live. A save may rename a row or move it (lists by
      // updated_at), and a colleague's new node arrives as a save of version 0 that may belong on this
      // page: any save refetches the page.
      onCacheEntryAdded: (arg, entry) => {
        const { updateCachedData, dispatch } = entry;
        const refetch = (): void => void dispatch(listApi.util.invalidateTags(["NodeList"]));
        return liveCacheEntry(entry, {
          onReconnect: refetch,
          listen: (socket) => {
            if (arg.api.includes("/contentnode/")) {
              socket.on("node:status", (push: NodeStatusMessage) =>
                updateCachedData((draft) => {
                  if (push.model !== "contentnode") return;
                  const row = draft.items.find((item) => item.id === push.id);
                  if (row) row.status = push.status;
                }),
              );
              socket.on("node:saved", (push: NodeSavedMessage) => {
                if (push.model === "contentnode") refetch();
              });
            }
            // A new order, or staff acting on one, may change any page of the order list.
            if (arg.api.includes("/store/order/")) socket.on("order:changed", refetch);
            if (arg.api.includes("/cmsactionevent/")) {
              socket.on("action:changed", (push: ActionChangedMessage) => {
                let known = false;
                updateCachedData((draft) => {
                  const row = draft.items.find((item) => item.id === push.id);
                  // The push names the time in UTC ('yyyy-mm-dd hh:mm'); the column shows the ISO instant.
                  if (row)
                    Object.assign(row, push, {
                      action_time_iso: parseActionTime(push.action_time)?.toISOString() ?? row.action_time_iso,
                    });
                  known = row !== undefined;
                });
                if (!known) refetch();
              });
            }
          },
        });
      },
    }),
  }),
});

/**
 * The rows one page shows, for lists the browser searches, sorts and pages itself. A time column is
 * searched as staff read it, in the site's zone `zone`.
 */
export function pageInBrowser(page: ListPage, model: ListModel, arg: ListView, zone: string): ListPage {
  if (model.serverSide) return page;
  const needle = arg.q.trim().toLowerCase();
  const fields = model.searchFields ?? [];
  const times = new Set(model.columns.filter((c) => c.time).map((c) => c.key));
  const text = (row: ListRow, field: string) => {
    const value = row[field];
    return times.has(field) && typeof value === "string" && value
      ? `${formatSiteTimeInput(value, zone)} ${formatSiteTime(value, zone)}`
      : String(value ?? "");
  };
  const found = needle
    ? page.items.filter((row) => fields.some((f) => text(row, f).toLowerCase().includes(needle)))
    : page.items;
  const key = arg.sort.replace(/^-/, "");
  const direction = arg.sort.startsWith("-") ? -1 : 1;
  const sorted = [...found].sort((a, b) => compare(a[key], b[key]) * direction || a.id - b.id);
  const items = arg.count < 1 ? sorted : sorted.slice(arg.start, arg.start + arg.count);
  return { items, total: found.length };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a ?? "").localeCompare(String(b ?? ""));
}

export const { useListRecordsQuery } = listApi;
