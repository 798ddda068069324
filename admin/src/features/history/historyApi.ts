import { api } from "../../app/api";
import type { ContentNode, UserRef } from "../content-node-form/contentNodeApi";

/** One event of a node's stream: who, when, what changed. `position` is the version it made. */
export type HistoryItem = {
  position: number;
  time: string;
  type: string;
  user: UserRef | null;
  changed_fields: string[];
  changes: Record<string, unknown>;
};

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    nodeHistory: build.query<HistoryItem[], number>({
      query: (id) => `/admin/api/content/contentnode/${id}/history/`,
      transformResponse: (response: { items: HistoryItem[] }) => [...response.items].reverse(),
      providesTags: ["NodeHistory"],
    }),
    nodeAt: build.query<ContentNode, { id: number; at: number }>({
      query: ({ id, at }) => `/admin/api/content/contentnode/${id}/history/?at=${at}`,
    }),
  }),
});

export const { useNodeHistoryQuery, useNodeAtQuery } = historyApi;
