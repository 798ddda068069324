import { z } from "zod";
import { PageQuery } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The storefront's content pages (pages-router.ts). */
export const CONTENT_PAGE_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/content/page/",
    refusals: ["PAGE_NOT_FOUND"],
    summary: "The published page at a URL (staff may preview drafts)",
    query: PageQuery,
    fields: {
      page: z
        .object({ id: z.number(), title: z.string(), url: z.string(), status: z.string(), body_html: z.string() })
        .catchall(z.unknown()),
    },
  },
];
