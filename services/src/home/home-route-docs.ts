import { FeaturedAnswer } from "@shop/shared/home/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The home page's routes for /api/openapi.json (services/src/home/home-router.ts). */
export const HOME_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/home/featured/",
    summary: "The home page's featured products: those the featured content page links, else the newest",
    answer: FeaturedAnswer,
  },
];
