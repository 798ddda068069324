import { listFields as list, type RouteDoc } from "../platform/openapi/route-doc.ts";
import { AuditQuery } from "./audit-router.ts";

/** The audit view of the event log (audit-router.ts). */
export const AUDIT_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/admin/api/base/audit/",
    summary: "The event log, newest first",
    query: AuditQuery,
    fields: list(),
  },
];
