import { Router } from "express";
import { DASHBOARD_PATH, DashboardQuery, type DashboardAnswer } from "@shop/shared/dashboard/api";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import { dashboardFigures } from "@shop/projections";
import type { FeatureDeps } from "../app-deps.ts";
import { parseQuery } from "../platform/http/validate.ts";

/** GET /admin/api/dashboard/ (staff: /admin/api/** is behind the staff check): the dashboard's figures. */
export function makeDashboardRouter(deps: FeatureDeps): Router {
  const router = Router();
  router.get(DASHBOARD_PATH, async (req, res) => {
    const { tz } = parseQuery(DashboardQuery, req.query);
    const zone = tz ?? deps.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE;
    const answer: DashboardAnswer = {
      metadata: { success: true },
      ...(await dashboardFigures(deps.db, zone, deps.clock())),
    };
    res.set("Cache-Control", "no-store");
    res.json(answer);
  });
  return router;
}
