import type { ContentAction, ContentNodeView, ContentStatus, UserRef } from "@shop/shared";
import type { NodeSavedMessage, NodeStatusMessage } from "@shop/shared/live/messages";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";
import type { IpaChanges } from "../../admin-bar/ipaFields";
import { NODE_KINDS, nodeArg, nodeRefOf, nodeTagId, type NodeArg, type NodeModel } from "./nodeKinds";

export type { UserRef };
/** The node as GET /admin/api/content/contentnode/{id}/ answers it; the form and the admin bar share one entry per id. */
export type ContentNode = ContentNodeView & {
  /** Client-only: a colleague saved a newer version after this one was loaded. */
  newerSave?: { by: UserRef | null; version: number };
};
export type NodeChanges = Partial<Record<"name" | "slug" | "short_description" | "url" | "body" | "image", string>> &
  Partial<Record<"parent" | "node_type" | "sku" | "language_node", number | null>> &
  Partial<Record<"published" | "last_published", string | null>> &
  Partial<Record<"sort_order" | "sitemap_priority", number>> & { menu_nodes?: number[] };
export type SaveArg = {
  id: number;
  changes: NodeChanges;
  expected_version: number;
  ignore_warnings: boolean;
  model?: NodeModel;
};
export type IpaSave = { id: number; expected_version: number; ignore_warnings?: boolean } & IpaChanges;
export type Option = { id: number; name: string };

const NODE_API = NODE_KINDS.contentnode.api;
const isFor = (push: { id: number; model: string }, arg: NodeArg) => {
  const { model, id } = nodeRefOf(arg);
  return push.model === model && push.id === id;
};
const urlOf = (arg: NodeArg) => {
  const { model, id } = nodeRefOf(arg);
  return `${NODE_KINDS[model].api}${id}/`;
};

export const contentNodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /admin/api/content/contentnode/{id}/, kept live by pushes. A status change that is the next
     * version is taken and the node read again (publishing sets its dates); a colleague's save is only
     * flagged (`newerSave`), so the version the editor started from still catches it on saving and the
     * difference can be reviewed.
     */
    getNode: build.query<ContentNode, NodeArg>({
      query: urlOf,
      providesTags: (_result, _error, id) => [{ type: "ContentNode", id: nodeTagId(id) }],
      onCacheEntryAdded: (id, entry) => {
        const { updateCachedData, dispatch, getCacheEntry } = entry;
        const flagNewer = (version: number, by: UserRef | null) =>
          updateCachedData((draft) => {
            if (version > draft.version) draft.newerSave = { by, version };
          });
        return liveCacheEntry(entry, {
          listen: (socket) => {
            socket.on("node:status", (push: NodeStatusMessage) => {
              const known = getCacheEntry().data;
              if (!isFor(push, id) || !known) return;
              const nextInLine = push.version === known.version + 1;
              updateCachedData((draft) => {
                draft.status = push.status;
                if (nextInLine) draft.version = push.version;
              });
              if (nextInLine)
                dispatch(api.util.invalidateTags([{ type: "ContentNode", id: nodeTagId(id) }, "NodeHistory"]));
              else flagNewer(push.version, null);
            });
            socket.on("node:saved", (push: NodeSavedMessage) => {
              if (isFor(push, id)) flagNewer(push.version, push.by);
            });
          },
          // The status is taken as it is; a newer version is only flagged like a pushed save, so edits
          // in progress still meet the stale-save check (a page holding no edits loads it at once).
          onReconnect: async () => {
            const fresh = await dispatch(
              contentNodeApi.endpoints.nodeSnapshot.initiate(id, { subscribe: false, forceRefetch: true }),
            );
            if (!fresh.data) return;
            const { status, version, updated_by } = fresh.data;
            updateCachedData((draft) => {
              draft.status = status;
            });
            flagNewer(version, updated_by);
          },
        });
      },
    }),
    /** The node as the server has it now, without touching the form's cache entry (the reconnect re-sync). */
    nodeSnapshot: build.query<ContentNode, NodeArg>({
      query: urlOf,
      keepUnusedDataFor: 0,
    }),
    /** PUT .../{id}/ (the form): the answer is the saved node. */
    saveNode: build.mutation<ContentNode, SaveArg>({
      query: ({ id, changes, expected_version, ignore_warnings, model = "contentnode" }) => ({
        url: `${NODE_KINDS[model].api}${id}/`,
        method: "PUT",
        body: { ...changes, expected_version, ignore_warnings },
      }),
      onQueryStarted: ({ id, model = "contentnode" }, { dispatch, queryFulfilled }) =>
        takeSaved(nodeArg(model, id), dispatch, queryFulfilled),
      invalidatesTags: (result) => (result ? ["NodeHistory"] : []),
    }),
    /** PUT /admin/api/content/node-ipa-save/ (the admin bar, only the changed fields): the answer is the saved node. */
    ipaSave: build.mutation<ContentNode, IpaSave>({
      query: (body) => ({ url: "/admin/api/content/node-ipa-save/", method: "PUT", body }),
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) => takeSaved(id, dispatch, queryFulfilled),
      invalidatesTags: (result) => (result ? ["NodeHistory"] : []),
    }),
    createNode: build.mutation<ContentNode, { changes: NodeChanges; ignore_warnings: boolean; model?: NodeModel }>({
      query: ({ changes, ignore_warnings, model = "contentnode" }) => ({
        url: NODE_KINDS[model].api,
        method: "POST",
        body: model === "contentnode" ? { keywords: [], ...changes, ignore_warnings } : { ...changes, ignore_warnings },
      }),
      invalidatesTags: ["NodeList"],
    }),
    /** POST /admin/content/contentnode/action/ (Publish, Beta, Archive): the new status shows at once. */
    contentAction: build.mutation<
      { status: ContentStatus; version: number },
      { id: number; action: ContentAction; model?: NodeModel }
    >({
      query: ({ id, action, model = "contentnode" }) => ({
        url: NODE_KINDS[model].actionUrl,
        method: "POST",
        body: { action, pk: id, id },
      }),
      async onQueryStarted({ id, model = "contentnode" }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (!done) return;
        dispatch(
          contentNodeApi.util.updateQueryData("getNode", nodeArg(model, id), (draft) => {
            draft.status = done.status;
            if (done.version === draft.version + 1) draft.version = done.version;
          }),
        );
      },
      invalidatesTags: (_result, _error, { id, model = "contentnode" }) => [
        { type: "ContentNode", id: nodeTagId(nodeArg(model, id)) },
        "NodeHistory",
      ],
    }),
    nodeTypes: build.query<Option[], void>({
      query: () => "/admin/api/content/contentnodetype/?count=-1",
      transformResponse: (response: { items: Option[] }) => response.items.map(({ id, name }) => ({ id, name })),
    }),
    /** The parent choices of a kind: content nodes' or menu nodes'. */
    parentOptions: build.query<Option[], void>({
      query: () => `${NODE_API}?count=-1&sort=name`,
      transformResponse: (response: { items: Option[] }) => response.items.map(({ id, name }) => ({ id, name })),
      providesTags: ["NodeList"],
    }),
  }),
});

export const {
  useGetNodeQuery,
  useSaveNodeMutation,
  useIpaSaveMutation,
  useCreateNodeMutation,
  useContentActionMutation,
  useNodeTypesQuery,
  useParentOptionsQuery,
} = contentNodeApi;

/** A save's answer is the node as saved: it replaces the entry (and with it any newer-save flag). */
async function takeSaved(
  id: NodeArg,
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<{ data: ContentNode }>,
) {
  const saved = await queryFulfilled.then(
    (r) => r.data,
    () => null,
  );
  if (saved) dispatch(contentNodeApi.util.upsertQueryData("getNode", id, saved));
}

/** The node's newer save by someone else, if the loaded version is behind it. */
export const newerSaveOf = (node: ContentNode | undefined) =>
  node?.newerSave && node.newerSave.version > node.version ? node.newerSave : null;
