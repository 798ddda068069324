import { z } from "zod";
import { LookupLocksRequest, RecordLock, RecordLockQuery, ReleaseLocksRequest, TakeLocksRequest } from "@shop/shared";
import { LockLookupItem } from "@shop/shared/locks/api";
import { listFields as list, type RouteDoc } from "../platform/openapi/route-doc.ts";

/** One record's outcome when a lock request names several (services/src/locks/locks-router.ts). */
const LockOutcome = z.object({
  app: z.string(),
  model: z.string(),
  id: z.number(),
  lock: RecordLock.nullable(),
  success: z.boolean(),
});

const LOCKS = "/admin/base/record-locks/";

/** Record locks (locks-router.ts). */
export const LOCK_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/admin/base/record-lock-reasons/",
    summary: "The reasons a lock may give",
    fields: list(z.object({ id: z.number(), title: z.string() })),
  },
  {
    method: "GET",
    path: LOCKS,
    summary: "The lock on one record, or null",
    query: RecordLockQuery,
    fields: { lock: RecordLock.nullable() },
  },
  {
    method: "POST",
    path: LOCKS,
    refusals: ["ALREADY_LOCKED"],
    summary:
      "Take locks (409 with the holder when another user holds one); with `?action=lookup` and a LookupLocksRequest body, the locks held on those records",
    query: z.object({ action: z.literal("lookup").optional() }),
    body: z.union([TakeLocksRequest, LookupLocksRequest]),
    fields: {
      lock: RecordLock.nullable().optional(),
      locks: z.array(z.union([LockLookupItem, LockOutcome])).optional(),
    },
  },
  {
    method: "DELETE",
    path: LOCKS,
    refusals: ["ALREADY_LOCKED"],
    summary: "Release locks (also sent as text/plain by the page-unload beacon)",
    body: ReleaseLocksRequest,
    fields: { lock: z.null(), locks: z.array(LockOutcome).optional() },
  },
];
