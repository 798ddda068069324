import { z } from "zod";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** Site settings for the back office (site-router.ts). */
export const SITE_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/admin/api/site/",
    summary: "Site settings the back office needs (the time zone staff type times in)",
    fields: { time_zone: z.string() },
  },
];
