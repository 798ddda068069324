import { api } from "../../app/api";
import type { ContentNode, UserRef } from "../content/contentNodeApi";
import { NODE_KINDS, nodeRefOf, type NodeArg, type NodeModel } from "../content/nodeKinds";

const apiOf = (arg: NodeArg) => {
  const { model, id } = nodeRefOf(arg);
  return `${NODE_KINDS[model].api}${id}/`;
};

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
    nodeHistory: build.query<HistoryItem[], NodeArg>({
      query: (arg) => `${apiOf(arg)}history/`,
      transformResponse: (response: { items: HistoryItem[] }) => [...response.items].reverse(),
      providesTags: ["NodeHistory"],
    }),
    nodeAt: build.query<ContentNode, { id: number; at: number; model?: NodeModel }>({
      query: ({ id, at, model = "contentnode" }) => `${NODE_KINDS[model].api}${id}/history/?at=${at}`,
    }),
  }),
});

export const { useNodeHistoryQuery, useNodeAtQuery } = historyApi;
