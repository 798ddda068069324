import { CLIENT_ERRORS_PATH, ClientErrorReport } from "@shop/shared/client-errors/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The client error route for /api/openapi.json (services/src/client-errors/client-errors-router.ts). */
export const CLIENT_ERROR_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: CLIENT_ERRORS_PATH,
    refusals: ["TOO_MANY_REQUESTS", "REQUEST_TOO_LARGE"],
    summary: "Report a browser script error or a failed request (rate-limited per address, at most 8 KB)",
    body: ClientErrorReport,
    status: 201,
  },
];
