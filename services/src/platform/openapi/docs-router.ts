import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Router } from "express";
import type { RouteDoc } from "./route-doc.ts";

// Swagger UI's prebuilt files, served from node_modules: no CDN, and no inline script (the CSP's script-src is 'self').
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
// A Map, not an object: a name such as `constructor` or `__proto__` must find nothing (a 404), not Object's own.
const FILES = new Map([
  ["swagger-ui-bundle.js", "swagger-ui-bundle.js"],
  ["swagger-ui.css", "swagger-ui.css"],
]);

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Ministry shop API</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/start.js"></script></body>
</html>
`;

// No validator badge (it would call validator.swagger.io); "Try it out" echoes the csrftoken cookie like the front ends do.
const START = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#docs",
  validatorUrl: null,
  requestInterceptor: (request) => {
    const token = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
    if (token && !["GET", "HEAD"].includes(String(request.method).toUpperCase())) request.headers["X-CSRFToken"] = decodeURIComponent(token[1]);
    return request;
  },
});
`;

/** GET /api/openapi.json (the OpenAPI 3.1 document) and /api/docs/ (Swagger UI reading it); open to all, like the routes they describe. */
export function makeOpenApiRouter(deps: {
  siteUrl: string;
  /** The features' route docs, in the features' order (features.ts), loaded with the document. */
  routeDocs: () => Promise<readonly RouteDoc[]>;
}): Router {
  const router = Router();
  // Loaded on the first request: the document's builder (zod-openapi) and the route list cost the
  // process about 4 MiB, for a page few visitors open.
  // Its server is SITE_URL, the shop's public address (never the Host a request names).
  router.get("/api/openapi.json", async (_req, res) =>
    res.json({
      ...(await import("./document.ts")).openApiDocument(await deps.routeDocs()),
      servers: [{ url: deps.siteUrl }],
    }),
  );
  router.get("/api/docs/", (_req, res) => res.type("html").send(PAGE));
  router.get("/api/docs/:file", (req, res, next) => {
    if (req.params.file === "start.js") return void res.type("js").send(START);
    const file = FILES.get(req.params.file);
    if (!file) return next();
    res.sendFile(join(SWAGGER_UI, file), { maxAge: "1d" });
  });
  return router;
}
