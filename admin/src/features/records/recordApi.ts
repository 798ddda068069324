import { recordApi as recordUrl, type AdminModel, type AdminRecord } from "@shop/shared";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";

export type RecordArg = { model: AdminModel; id: string };
export type SaveRecordArg = { model: AdminModel; id: string; body: Record<string, unknown>; version?: number };
/** An answer's record: its fields beside `metadata`, and the version a versioned model's next save expects. */
export type LoadedRecord = AdminRecord & { version?: number };
type ErrorBody = { metadata?: { errors?: string[]; message?: string } };
/** One version of a record, as a history endpoint answers it. */
export type RecordVersion = {
  version: number;
  type: string;
  at: string;
  by: { id: string; name: string } | null;
  changes: Record<string, unknown>;
};
export type RecordError = { status?: number | string; data?: ErrorBody };

// A serialized argument is the whole cache key, so it names the endpoint too (the record and its history differ).
const cacheKey = (endpoint: string, { model, id }: RecordArg) => `${endpoint}(${model.app}.${model.model}.${id})`;
const tag = (model: AdminModel, id: string) => ({
  type: "AdminRecord" as const,
  id: `${model.app}.${model.model}.${id}`,
});

/** One endpoint set for every described model: GET and PUT `{api}{id}/`, POST `{api}`. */
export const recordsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecord: build.query<LoadedRecord, RecordArg>({
      query: ({ model, id }) => recordUrl(model, id),
      serializeQueryArgs: ({ queryArgs, endpointName }) => cacheKey(endpointName, queryArgs),
      transformResponse: ({ metadata: _metadata, ...record }: LoadedRecord & ErrorBody) => record,
      providesTags: (_result, _error, { model, id }) => [tag(model, id)],
      // A model that names a push (DESIGN §7) keeps its open record live: a change by anyone reads it again.
      onCacheEntryAdded: ({ model, id }, entry) => {
        const push = model.livePush;
        if (!push) return;
        const refetch = () => void entry.dispatch(recordsApi.util.invalidateTags([tag(model, id)]));
        return liveCacheEntry(entry, {
          onReconnect: refetch,
          listen: (socket) =>
            socket.on(push, (message: { id?: unknown }) => {
              if (String(message?.id) === id) refetch();
            }),
        });
      },
    }),
    /** GET `{api}{id}/history/` of a model with history: its versions, newest first. */
    recordHistory: build.query<RecordVersion[], RecordArg>({
      query: ({ model, id }) => `${recordUrl(model, id)}history/`,
      serializeQueryArgs: ({ queryArgs, endpointName }) => cacheKey(endpointName, queryArgs),
      transformResponse: (response: { items: RecordVersion[] }) => [...response.items].reverse(),
      providesTags: (_result, _error, { model, id }) => [tag(model, id)],
    }),
    saveRecord: build.mutation<LoadedRecord, SaveRecordArg>({
      query: ({ model, id, body, version }) => ({
        url: recordUrl(model, id),
        method: "PUT",
        body: model.versioned && version !== undefined ? { ...body, expected_version: version } : body,
      }),
      transformResponse: ({ metadata: _metadata, ...record }: LoadedRecord & ErrorBody) => record,
      invalidatesTags: (result, _error, { model, id }) => (result ? [tag(model, id), "NodeList"] : []),
    }),
    createRecord: build.mutation<LoadedRecord, { model: AdminModel; body: Record<string, unknown> }>({
      query: ({ model, body }) => ({ url: model.api, method: "POST", body }),
      transformResponse: ({ metadata: _metadata, ...record }: LoadedRecord & ErrorBody) => record,
      invalidatesTags: (result) => (result ? ["NodeList"] : []),
    }),
  }),
});

export const { useGetRecordQuery, useSaveRecordMutation, useCreateRecordMutation, useRecordHistoryQuery } = recordsApi;
