import { MenuLayerAnswer, MenuLayerQuery, NavHtmlAnswer } from "@shop/shared/nav/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The navigation routes for /api/openapi.json (services/src/nav/nav-router.ts). */
export const NAV_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/nav/get-menu-layer/",
    summary: "The menu's layers under each parent (?parents=[ids], 0 for the top) as {parent, child_html}",
    query: MenuLayerQuery,
    answer: MenuLayerAnswer,
  },
  {
    method: "GET",
    path: "/api/nav/get-region-and-languages/",
    summary: "The region and language panel's html (the home_country cookie's region pressed)",
    answer: NavHtmlAnswer,
  },
  {
    method: "GET",
    path: "/api/nav/get-full-footer/",
    summary: "The full footer's html: each top menu item over its children",
    answer: NavHtmlAnswer,
  },
];
