import {
  parseActionTime,
  SCHEDULED_ACTION_CONTENT_TYPE,
  type ActionChangedMessage,
  type ScheduledActionItem,
} from "@shop/shared";
import { api } from "../../app/api";
import { liveCacheEntry } from "../../platform/liveCacheEntry";

type ListResponse = { items: ScheduledActionItem[] };
export type ScheduledActionInput = { action_time: string; action: string; alert_user: 0 | 1 };

const withTags = api.enhanceEndpoints({ addTagTypes: ["NodeScheduledActions"] });

export const scheduledActionsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** A node's scheduled actions, kept live by `action:changed` pushes. */
    nodeScheduledActions: build.query<ScheduledActionItem[], number>({
      query: (node) =>
        `/admin/api/base/cmsactionevent/?object_id=${node}&content_type=${SCHEDULED_ACTION_CONTENT_TYPE}&count=-1`,
      transformResponse: (r: ListResponse) => r.items,
      providesTags: (_r, _e, node) => [{ type: "NodeScheduledActions", id: node }],
      onCacheEntryAdded: (node, entry) =>
        liveCacheEntry(entry, {
          onReconnect: () => entry.dispatch(withTags.util.invalidateTags([{ type: "NodeScheduledActions", id: node }])),
          listen: (socket) =>
            socket.on("action:changed", (message: ActionChangedMessage) => {
              if (message.object_id !== node) return;
              // The push names the time as 'yyyy-mm-dd hh:mm' in UTC; the page shows it in the site's zone.
              const iso = parseActionTime(message.action_time)?.toISOString() ?? "";
              entry.updateCachedData((draft) => {
                const row = draft.find((r) => r.id === message.id);
                if (row)
                  Object.assign(row, {
                    action: message.action,
                    action_time: message.action_time,
                    action_time_iso: iso,
                    status: message.status,
                  });
                else
                  draft.push({
                    id: message.id,
                    object_id: node,
                    action: message.action,
                    action_time: message.action_time,
                    action_time_iso: iso,
                    status: message.status,
                    user: null,
                    content_type: SCHEDULED_ACTION_CONTENT_TYPE,
                    alert_user: 0,
                    result: null,
                  });
              });
            }),
        }),
    }),
    scheduleAction: build.mutation<{ id: number }, ScheduledActionInput & { object_id: number }>({
      query: (body) => ({
        url: "/admin/api/base/cmsactionevent/",
        method: "POST",
        body: { ...body, content_type: SCHEDULED_ACTION_CONTENT_TYPE },
      }),
      invalidatesTags: (_r, _e, { object_id }) => [{ type: "NodeScheduledActions", id: object_id }],
    }),
    updateScheduledAction: build.mutation<
      ScheduledActionItem,
      ScheduledActionInput & { id: number; object_id: number }
    >({
      query: ({ id, ...body }) => ({
        url: `/admin/api/base/cmsactionevent/${id}/`,
        method: "PUT",
        body: { ...body, content_type: SCHEDULED_ACTION_CONTENT_TYPE },
      }),
      invalidatesTags: (_r, _e, { object_id }) => [{ type: "NodeScheduledActions", id: object_id }],
    }),
    cancelScheduledAction: build.mutation<void, { id: number; object_id: number }>({
      query: ({ id }) => ({ url: `/admin/api/base/cmsactionevent/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { object_id }) => [{ type: "NodeScheduledActions", id: object_id }],
    }),
  }),
});

export const {
  useNodeScheduledActionsQuery,
  useScheduleActionMutation,
  useUpdateScheduledActionMutation,
  useCancelScheduledActionMutation,
} = scheduledActionsApi;
