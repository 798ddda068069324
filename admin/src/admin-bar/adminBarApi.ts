import type { ContentStatus } from '@shop/shared';
import { api } from '../app/api';
import { resyncNodeOnReconnect, type ContentNode, type UserRef } from '../features/content-node-form/contentNodeApi';
import { openSocketNamespace } from '../platform/socketNamespace';
import type { IpaChanges } from './ipaFields';

/** The node as GET /admin/api/content/contentnode/{id}/ answers it (the bar edits name, body and short description). */
export type BarNode = ContentNode;
export type IpaSave = { id: number; expected_version: number; ignore_warnings?: boolean } & IpaChanges;
export type StatusAction = 'publish' | 'async' | 'archive' | 'other';

const withTags = api.enhanceEndpoints({ addTagTypes: ['BarNode'] });
type Push = { id: number; model?: string; version: number; status?: ContentStatus; by?: UserRef | null };
const forNode = (push: Push, id: number) => push.id === id && (!push.model || push.model === 'contentnode');

export const adminBarApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /admin/api/content/contentnode/{id}/, kept live by pushes. A status change that is the next
     * version is taken as it is; a colleague's save is only flagged (`newerSave`), so the version the
     * editor started from still catches it on saving and the difference can be reviewed.
     */
    barNode: build.query<BarNode, number>({
      query: (id) => `/admin/api/content/contentnode/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'BarNode', id }],
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getCacheEntry }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const socket = openSocketNamespace('/admin');
        resyncNodeOnReconnect(socket, id, dispatch, updateCachedData);
        socket.on('node:status', (push: Push) => {
          const known = getCacheEntry().data;
          if (!forNode(push, id) || !push.status || !known) return;
          updateCachedData((draft) => {
            draft.status = push.status!;
            if (push.version === draft.version + 1) draft.version = push.version;
            else if (push.version > draft.version) draft.newerSave = { by: push.by ?? null, version: push.version };
          });
        });
        socket.on('node:saved', (push: Push) => {
          const known = getCacheEntry().data;
          if (!forNode(push, id) || !known || push.version <= known.version) return;
          updateCachedData((draft) => {
            draft.newerSave = { by: push.by ?? null, version: push.version };
          });
        });
        await cacheEntryRemoved;
        socket.close();
      },
    }),
    ipaSave: build.mutation<BarNode, IpaSave>({
      query: (body) => ({ url: '/admin/api/content/node-ipa-save/', method: 'PUT', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then((r) => r.data, () => null);
        if (!saved) return;
        dispatch(
          adminBarApi.util.updateQueryData('barNode', id, (draft) => {
            Object.assign(draft, saved);
            delete draft.newerSave;
          }),
        );
      },
    }),
    barStatusAction: build.mutation<{ status: ContentStatus; version: number }, { id: number; action: StatusAction }>({
      query: ({ id, action }) => ({ url: '/admin/content/contentnode/action/', method: 'POST', body: { action, pk: id, id } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then((r) => r.data, () => null);
        if (!done) return;
        dispatch(
          adminBarApi.util.updateQueryData('barNode', id, (draft) => {
            draft.status = done.status;
            if (done.version === draft.version + 1) draft.version = done.version;
          }),
        );
      },
    }),
  }),
});

export const { useBarNodeQuery, useIpaSaveMutation, useBarStatusActionMutation } = adminBarApi;

/** The node's newer save by someone else, if the loaded version is behind it. */
export const newerSaveOf = (node: BarNode | undefined) => (node?.newerSave && node.newerSave.version > node.version ? node.newerSave : null);
