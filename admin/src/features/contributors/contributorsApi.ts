import type { ContributorRoleView } from "@shop/shared";
import type { NodeContributorsMessage } from "@shop/shared/live/messages";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";

export type ContributorRole = ContributorRoleView;
type ListResponse = { items: ContributorRole[] };

const withTags = api.enhanceEndpoints({ addTagTypes: ["ContributorRoles"] });

export const contributorsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    contributorRoles: build.query<ContributorRole[], number>({
      query: (node) => `/admin/api/content/role/?node=${node}&sort=sort_order`,
      transformResponse: (r: ListResponse) => r.items,
      providesTags: (_r, _e, node) => [{ type: "ContributorRoles", id: node }],
      // A colleague's change arrives as `node:contributors` in the node's room. A removal is taken out
      // at once; every change then fetches the list again (renumbering moves the others too).
      onCacheEntryAdded: (node, entry) => {
        const refetch = (): void =>
          void entry.dispatch(contributorsApi.util.invalidateTags([{ type: "ContributorRoles", id: node }]));
        return liveCacheEntry(entry, {
          room: { app: "content", model: "contentnode", id: node },
          onReconnect: refetch,
          listen: (socket) =>
            socket.on("node:contributors", (push: NodeContributorsMessage) => {
              if (push.model !== "contentnode" || push.id !== node) return;
              if (push.change === "removed") entry.updateCachedData((draft) => draft.filter((r) => r.id !== push.role));
              refetch();
            }),
        });
      },
    }),
    addContributorRole: build.mutation<ContributorRole, Omit<ContributorRole, "id">>({
      query: (body) => ({ url: "/admin/api/content/role/", method: "POST", body }),
      transformResponse: ({ id, node, contributor, role, sort_order }: ContributorRole) => ({
        id,
        node,
        contributor,
        role,
        sort_order,
      }),
      invalidatesTags: (_r, _e, { node }) => [{ type: "ContributorRoles", id: node }],
      // The new row joins the list as soon as it is answered, before the refetch: the next add, queued
      // behind this one, takes its sort order from the list and must count this row.
      async onQueryStarted({ node }, { dispatch, queryFulfilled }) {
        const added = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (!added) return;
        dispatch(
          contributorsApi.util.updateQueryData("contributorRoles", node, (draft) => {
            if (!draft.some((r) => r.id === added.id)) draft.push(added);
            draft.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
          }),
        );
      },
    }),
    changeContributorRole: build.mutation<ContributorRole, ContributorRole>({
      query: ({ id, contributor, role, sort_order }) => ({
        url: `/admin/api/content/role/${id}/`,
        method: "PUT",
        body: { contributor, role, sort_order },
      }),
      invalidatesTags: (_r, _e, { node }) => [{ type: "ContributorRoles", id: node }],
      // Reordering moves the row at once; a refusal moves it back.
      async onQueryStarted(changed, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          contributorsApi.util.updateQueryData("contributorRoles", changed.node, (draft) => {
            const row = draft.find((r) => r.id === changed.id);
            if (row) Object.assign(row, changed);
            draft.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
          }),
        );
        queryFulfilled.catch(() => patch.undo());
      },
    }),
    removeContributorRole: build.mutation<void, { id: number; node: number }>({
      query: ({ id }) => ({ url: `/admin/api/content/role/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { node }) => [{ type: "ContributorRoles", id: node }],
    }),
  }),
});

export const {
  useContributorRolesQuery,
  useAddContributorRoleMutation,
  useChangeContributorRoleMutation,
  useRemoveContributorRoleMutation,
} = contributorsApi;
