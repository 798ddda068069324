import type { Express } from "express";

export interface AppRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Express path pattern, e.g. `/admin/api/content/node/:id/`. */
  path: string;
}

interface ListedRoute {
  path: string | RegExp;
  methods?: string[];
  router?: { listRoutes(): ListedRoute[] };
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every route the app answers, read from its router (router 2's `listRoutes`, mounted routers
 * included), so the fault tests and the fuzz bench cover a new route without being told about it.
 * HEAD (automatic for GET) and plain middleware are left out.
 */
export function listAppRoutes(app: Express): AppRoute[] {
  const routes: AppRoute[] = [];
  const seen = new Set<string>();
  const walk = (listed: ListedRoute[], prefix: string) => {
    for (const { path, methods, router } of listed) {
      if (typeof path !== "string") continue;
      const full = (prefix + path).replace(/\/{2,}/g, "/");
      if (router) walk(router.listRoutes(), full === "/" ? "" : full);
      for (const m of methods ?? []) {
        const method = m.toUpperCase();
        const key = `${method} ${full}`;
        if (!METHODS.has(method) || seen.has(key)) continue;
        seen.add(key);
        routes.push({ method: method as AppRoute["method"], path: full });
      }
    }
  };
  // as unknown as: @types/express does not declare router 2's `listRoutes` (a real method; the route-list test runs it).
  walk((app.router as unknown as { listRoutes(): ListedRoute[] }).listRoutes(), "");
  return routes;
}

/** A URL for a route pattern with every parameter filled in (`:id` becomes `value`). */
export function concretePath(pattern: string, value = "1"): string {
  return pattern
    .replace(/\{\*\w+\}/g, "x")
    .replace(/:\w+/g, value)
    .replace(/[{}]/g, "");
}
