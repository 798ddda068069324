import { z } from "zod";
import { ScheduleActionRequest, ScheduledActionListQuery, UpdateScheduledActionRequest } from "@shop/shared";
import { listFields as list, type RouteDoc } from "../platform/openapi/route-doc.ts";

const ACTIONS = "/admin/api/base/cmsactionevent/";

/** Scheduled status actions (scheduled-actions-router.ts). */
export const SCHEDULED_ACTION_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: ACTIONS,
    summary: "Scheduled actions (items: shared/src/scheduled-actions/api.ts `ScheduledActionItem`)",
    query: ScheduledActionListQuery,
    fields: list(),
  },
  {
    method: "GET",
    path: `${ACTIONS}:id/`,
    refusals: ["NOT_FOUND"],
    summary: "One scheduled action (`ScheduledActionItem`)",
    fields: { id: z.number() },
  },
  {
    method: "POST",
    path: ACTIONS,
    refusals: ["ALREADY_SCHEDULED", "UNKNOWN_RECORD"],
    summary: "Schedule a status action on a content node",
    body: ScheduleActionRequest,
    fields: { id: z.number() },
  },
  {
    method: "PUT",
    path: `${ACTIONS}:id/`,
    refusals: ["ALREADY_RAN", "ALREADY_SCHEDULED", "STALE_VERSION", "UNKNOWN_RECORD"],
    summary: "Change a pending scheduled action",
    body: UpdateScheduledActionRequest,
    fields: { id: z.number() },
  },
  {
    method: "DELETE",
    path: `${ACTIONS}:id/`,
    refusals: ["ALREADY_RAN"],
    summary: "Cancel a scheduled action",
    fields: { id: z.number() },
  },
];
