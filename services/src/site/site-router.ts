import { Router } from "express";
import type { SiteAnswer } from "@shop/shared/domain/site-time";

/**
 * GET /admin/api/site/ (staff only): settings the back office needs before it shows a time. Staff
 * type and read times in `time_zone` (SITE_TIME_ZONE); every time the API takes or sends stays UTC.
 */
export function makeSiteRouter(deps: { siteTimeZone: string }): Router {
  const router = Router();
  router.get("/admin/api/site/", (_req, res) => {
    const answer: SiteAnswer = { time_zone: deps.siteTimeZone };
    res.json({ metadata: { success: true }, ...answer });
  });
  return router;
}
