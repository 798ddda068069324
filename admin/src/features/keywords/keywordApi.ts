import { slugify, type NodeKeywordView } from "@shop/shared";
import type { NodeKeywordsMessage } from "@shop/shared/live/messages";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";

export type KeywordStats = { id: number; name: string; slug: string; our_uses: number; monthly_searches: number };
type ListResponse = { items: KeywordStats[]; total: number };
type LinkResponse = { keywords: NodeKeywordView[]; version: number };

const withTags = api.enhanceEndpoints({ addTagTypes: ["NodeKeywords"] });

export const keywordApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** The node's keywords with their stats (keyword-stats filtered by node). */
    nodeKeywords: build.query<KeywordStats[], number>({
      query: (nodeId) => `/admin/api/content/keyword-stats/?count=-1&sort=name&content_nodes__id=${nodeId}`,
      transformResponse: (r: ListResponse) => r.items,
      providesTags: (_r, _e, nodeId) => [{ type: "NodeKeywords", id: nodeId }],
      // A colleague's link or unlink (or a save that changed the list) arrives as `node:keywords` in the
      // node's room; the stats (our_uses) change with it, so the table is fetched again.
      onCacheEntryAdded: (nodeId, entry) => {
        const refetch = (): void =>
          void entry.dispatch(keywordApi.util.invalidateTags([{ type: "NodeKeywords", id: nodeId }]));
        return liveCacheEntry(entry, {
          room: { app: "content", model: "contentnode", id: nodeId },
          onReconnect: refetch,
          listen: (socket) =>
            socket.on("node:keywords", (push: NodeKeywordsMessage) => {
              if (push.model === "contentnode" && push.id === nodeId) refetch();
            }),
        });
      },
    }),
    /** The keyword search: 25 results, exact matches first. */
    keywordSearch: build.query<KeywordStats[], string>({
      query: (text) => `/admin/api/content/keyword-search/?query=${encodeURIComponent(text)}`,
      transformResponse: (r: ListResponse) => r.items,
      keepUnusedDataFor: 0,
    }),
    /** Ids of the parent's keywords ('Add Parent Keywords'). */
    parentKeywordIds: build.query<number[], number>({
      query: (parentId) => `/admin/api/content/keyword/?count=-1&sort=id&mode=find&content_nodes__id=${parentId}`,
      transformResponse: (r: ListResponse) => r.items.map((k) => k.id),
      keepUnusedDataFor: 0,
    }),
    createKeyword: build.mutation<{ id: number; name: string; slug: string }, string>({
      query: (name) => ({
        url: `/admin/api/content/keyword/?ts=${Date.now()}`,
        method: "POST",
        body: { name, slug: slugify(name) },
      }),
    }),
    /** A link may answer 400 with `metadata.warnings` (a repeated word); `ignoreWarnings` links anyway. */
    linkKeyword: build.mutation<
      LinkResponse,
      { nodeId: number; keyword: number; link: boolean; ignoreWarnings?: boolean }
    >({
      query: ({ nodeId, keyword, link, ignoreWarnings }) => ({
        url: `/admin/api/content/contentnode/${nodeId}/keywords/`,
        method: link ? "POST" : "DELETE",
        body: ignoreWarnings ? { keyword, ignore_warnings: true } : { keyword },
      }),
      invalidatesTags: (_r, _e, { nodeId }) => [{ type: "NodeKeywords", id: nodeId }],
      // The row goes (or comes back) at once; a refused call puts the table back as it was.
      async onQueryStarted({ nodeId, keyword, link }, { dispatch, queryFulfilled }) {
        if (link) return;
        const patch = dispatch(
          keywordApi.util.updateQueryData("nodeKeywords", nodeId, (draft) => draft.filter((k) => k.id !== keyword)),
        );
        queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

/** The warnings of a refused link (the same answer a save with warnings gives), or null for any other failure. */
export function linkWarnings(error: unknown): string[] | null {
  const warnings = (error as { data?: { metadata?: { warnings?: unknown } } })?.data?.metadata?.warnings;
  return Array.isArray(warnings) && warnings.length ? warnings.map(String) : null;
}

export const {
  useNodeKeywordsQuery,
  useLazyKeywordSearchQuery,
  useLazyParentKeywordIdsQuery,
  useCreateKeywordMutation,
  useLinkKeywordMutation,
} = keywordApi;

/** Times a keyword appears in the page body's text (whole words, any case). */
export function usesInBody(keyword: string, body: string): number {
  const text = body.replace(/<[^>]*>/g, " ").replace(/\{%(?:[^%]|%(?!\}))*%\}/g, " ");
  const escaped = keyword
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\s+/g, "\\s+");
  if (!escaped) return 0;
  return [...text.matchAll(new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, "giu"))].length;
}
