import { api } from '../app/api';
import { openSocketNamespace } from '../platform/socketNamespace';

/** The fields of a content node the bar edits in place, with what it shows about the node. */
export type BarNode = { id: number; name: string; body: string; short_description: string; status: string; version: number; parent: number | null };
export type IpaSave = { id: number; expected_version: number; ignore_warnings?: boolean } & Partial<Pick<BarNode, 'name' | 'body' | 'short_description'>>;
export type StatusAction = 'publish' | 'async' | 'archive' | 'other';

const withTags = api.enhanceEndpoints({ addTagTypes: ['BarNode'] });

export const adminBarApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/api/content/contentnode/{id}/, kept live by node:status and node:saved pushes. */
    barNode: build.query<BarNode, number>({
      query: (id) => `/admin/api/content/contentnode/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'BarNode', id }],
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const socket = openSocketNamespace('/admin');
        const refetch = () => dispatch(withTags.util.invalidateTags([{ type: 'BarNode', id }]));
        socket.io.on('reconnect', refetch);
        socket.on('node:status', (m: { id: number; model?: string; status: string; version: number }) => {
          if (m.id !== id || (m.model && m.model !== 'contentnode')) return;
          updateCachedData((draft) => {
            draft.status = m.status;
            draft.version = Math.max(draft.version, m.version);
          });
        });
        // Someone saved: the fields changed, so read the node again (the bar's own saves land here too).
        socket.on('node:saved', (m: { id: number; model?: string; version: number }) => {
          if (m.id === id && (!m.model || m.model === 'contentnode')) refetch();
        });
        await cacheEntryRemoved;
        socket.close();
      },
    }),
    ipaSave: build.mutation<BarNode, IpaSave>({
      query: (body) => ({ url: '/admin/api/content/node-ipa-save/', method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then((r) => r.data, () => null);
        if (saved) dispatch(adminBarApi.util.updateQueryData('barNode', id, (draft) => void Object.assign(draft, saved)));
      },
    }),
    barStatusAction: build.mutation<{ status: string; version: number }, { id: number; action: StatusAction }>({
      query: ({ id, action }) => ({ url: '/admin/content/contentnode/action/', method: 'POST', body: { action, pk: id, id } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then((r) => r.data, () => null);
        if (done) dispatch(adminBarApi.util.updateQueryData('barNode', id, (draft) => void Object.assign(draft, done)));
      },
    }),
  }),
});

export const { useBarNodeQuery, useIpaSaveMutation, useBarStatusActionMutation } = adminBarApi;

/** Warnings of a save that wrote nothing (400 with metadata.warnings). */
export const warningsOf = (error: unknown): string[] => {
  const warnings = (error as { data?: { metadata?: { warnings?: unknown } } })?.data?.metadata?.warnings;
  return Array.isArray(warnings) ? warnings.map(String) : [];
};

export const messageOf = (error: unknown): string | null => {
  const message = (error as { data?: { metadata?: { message?: unknown } } })?.data?.metadata?.message;
  return typeof message === 'string' ? message : null;
};
