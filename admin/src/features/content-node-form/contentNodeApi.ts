import type { ContentStatus } from '@shop/shared';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../app/api';
import { openSocketNamespace, type SocketHandle } from '../../platform/socketNamespace';

export type UserRef = { id: string; name: string };
export type ContentNode = {
  id: number;
  name: string;
  slug: string;
  parent: number | null;
  short_description: string;
  published: string | null;
  last_published: string | null;
  url: string;
  body: string;
  node_type: number | null;
  sku: number | null;
  language_node: number | null;
  menu_nodes: number[];
  image: string;
  sort_order: number;
  sitemap_priority: number;
  status: ContentStatus;
  version: number;
  updated_at: string;
  updated_by: UserRef | null;
  keywords?: Array<{ id: number; name: string; slug: string }>;
  /** Client-only: a colleague saved a newer version after this one was loaded. */
  newerSave?: { by: UserRef | null; version: number };
};
export type NodeChanges = Partial<Record<'name' | 'slug' | 'short_description' | 'url' | 'body' | 'image', string>> &
  Partial<Record<'parent' | 'node_type' | 'sku' | 'language_node', number | null>> &
  Partial<Record<'published' | 'last_published', string | null>> &
  Partial<Record<'sort_order' | 'sitemap_priority', number>> & { menu_nodes?: number[] };
export type SaveArg = { id: number; changes: NodeChanges; expected_version: number; ignore_warnings: boolean };
export type StatusAction = 'publish' | 'archive' | 'async' | 'other';
export type Option = { id: number; name: string };

const NODE_API = '/admin/api/content/contentnode/';
type Push = { id: number; model: string; version: number; status?: ContentStatus; by?: UserRef | null };

export const contentNodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNode: build.query<ContentNode, number>({
      query: (id) => `${NODE_API}${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'ContentNode', id }],
      // Status changes by anyone arrive live; a colleague's save is only flagged, so the editor's
      // expected_version still catches it and the conflict can be reviewed.
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getCacheEntry }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const socket = openSocketNamespace('/admin');
        const current = () => getCacheEntry().data;
        socket.on('node:status', (push: Push) => {
          if (push.model !== 'contentnode' || push.id !== id || !push.status) return;
          const known = current();
          const nextInLine = known !== undefined && push.version === known.version + 1;
          updateCachedData((draft) => {
            draft.status = push.status!;
          });
          if (nextInLine) dispatch(api.util.invalidateTags([{ type: 'ContentNode', id }, 'NodeHistory']));
        });
        socket.on('node:saved', (push: Push) => {
          if (push.model !== 'contentnode' || push.id !== id) return;
          const known = current();
          if (!known || push.version <= known.version) return;
          updateCachedData((draft) => {
            draft.newerSave = { by: push.by ?? null, version: push.version };
          });
        });
        resyncNodeOnReconnect(socket, id, dispatch, updateCachedData);
        await cacheEntryRemoved;
        socket.close();
      },
    }),
    /** The node as the server has it now, without touching the form's cache entry (the reconnect re-sync). */
    nodeSnapshot: build.query<ContentNode, number>({
      query: (id) => `${NODE_API}${id}/`,
      keepUnusedDataFor: 0,
    }),
    saveNode: build.mutation<ContentNode, SaveArg>({
      query: ({ id, changes, expected_version, ignore_warnings }) => ({
        url: `${NODE_API}${id}/`,
        method: 'PUT',
        body: { ...changes, expected_version, ignore_warnings },
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(contentNodeApi.util.upsertQueryData('getNode', id, result.data));
      },
      invalidatesTags: (result) => (result ? ['NodeHistory'] : []),
    }),
    createNode: build.mutation<ContentNode, { changes: NodeChanges; ignore_warnings: boolean }>({
      query: ({ changes, ignore_warnings }) => ({ url: NODE_API, method: 'POST', body: { keywords: [], ...changes, ignore_warnings } }),
      invalidatesTags: ['NodeList'],
    }),
    contentAction: build.mutation<{ status: ContentStatus; version: number }, { id: number; action: StatusAction }>({
      query: ({ id, action }) => ({ url: '/admin/content/contentnode/action/', method: 'POST', body: { action, pk: id, id } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'ContentNode', id }, 'NodeHistory'],
    }),
    nodeTypes: build.query<Option[], void>({
      query: () => '/admin/api/content/contentnodetype/?count=-1',
      transformResponse: (response: { items: Option[] }) => response.items.map(({ id, name }) => ({ id, name })),
    }),
    parentOptions: build.query<Option[], void>({
      query: () => `${NODE_API}?count=-1&sort=name`,
      transformResponse: (response: { items: Option[] }) => response.items.map(({ id, name }) => ({ id, name })),
      providesTags: ['NodeList'],
    }),
  }),
});

export const {
  useGetNodeQuery,
  useSaveNodeMutation,
  useCreateNodeMutation,
  useContentActionMutation,
  useNodeTypesQuery,
  useParentOptionsQuery,
} = contentNodeApi;

/**
 * Pushes sent while the socket was down are lost (DESIGN §7): on reconnect, read the node again beside
 * the cache entry (form or bar). The status is taken as it is; a newer version is only flagged like a
 * pushed save, so edits in progress still meet the stale-save check (a page holding no edits loads it
 * at once).
 */
export function resyncNodeOnReconnect(
  socket: SocketHandle,
  id: number,
  dispatch: ThunkDispatch<any, any, UnknownAction>,
  updateCachedData: (recipe: (draft: ContentNode) => void) => void,
): void {
  socket.io.on('reconnect', async () => {
    const fresh = await dispatch(contentNodeApi.endpoints.nodeSnapshot.initiate(id, { subscribe: false, forceRefetch: true }));
    if (!fresh.data) return;
    const { status, version, updated_by } = fresh.data;
    updateCachedData((draft) => {
      draft.status = status;
      if (version > draft.version) draft.newerSave = { by: updated_by, version };
    });
  });
}
