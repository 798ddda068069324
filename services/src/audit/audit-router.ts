import { Router } from "express";
import type { Kysely } from "kysely";
import { z } from "zod";
import { blankAsAbsent, boundedText, listStart, pgInt, type EventStore } from "@shop/shared";
import { parseQuery } from "../platform/http/validate.ts";
import { createUserNames } from "../live/user-names.ts";
import { countAuditLog, readAuditLog } from "./audit-log.ts";
import type { Database } from "@shop/projections";

export const AuditQuery = z.object({
  start: listStart(),
  count: blankAsAbsent(pgInt({ min: 1, max: 500 }).default(20)),
  stream: boundedText(300, { trim: false }).optional(),
  type: boundedText(100, { trim: false }).optional(),
  user: boundedText(100, { trim: false }).optional(),
});

/**
 * GET /admin/api/base/audit/: events newest first, for the dashboard's live activity list (staff
 * only). Pages with `start`/`count` like the other admin lists; `total` counts every match.
 */
export function makeAuditRouter(deps: { db: Kysely<Database>; store: EventStore }): Router {
  const router = Router();
  router.get("/admin/api/base/audit/", async (req, res) => {
    const q = parseQuery(AuditQuery, req.query);
    const filter = { stream: q.stream, type: q.type, userId: q.user };
    const [items, total] = await Promise.all([
      readAuditLog(deps, { ...filter, start: q.start, limit: q.count, order: "newest" }),
      countAuditLog(deps, filter),
    ]);
    const names = createUserNames(deps.db);
    await names.load(items.flatMap((e) => (e.user ? [e.user] : [])));
    res.json({
      metadata: { success: true },
      items: items.map(({ data: _data, ...entry }) => ({ ...entry, user_name: names.name(entry.user) })),
      total,
      count: q.count,
      start: q.start,
    });
  });
  return router;
}
