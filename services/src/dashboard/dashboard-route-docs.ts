import { DASHBOARD_PATH, DashboardAnswer, DashboardQuery } from "@shop/shared/dashboard/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The dashboard's route for /api/openapi.json (dashboard-router.ts). */
export const DASHBOARD_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: DASHBOARD_PATH,
    summary:
      "The staff dashboard: today's and this month's orders, money received, donations, refunds and giveaway joins (days starting at midnight in `tz`, default the site's time zone), each day of the month, donations per campaign (received and pledged), the month's top products, low stock and giveaway players. Pushed as `dashboard:changed` on the admin socket when they move",
    query: DashboardQuery,
    answer: DashboardAnswer,
  },
];
