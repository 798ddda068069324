import type { NextFunction, Request, Response, Router } from "express";

/** What a route path starts with before its first parameter, wildcard or group (path-to-regexp 8's syntax). */
const LITERAL = /^[^:*{}()[\]+?!\\]*/;

/**
 * A feature's router, entered only by a request whose path one of its routes could match. Each
 * request went through every feature router mounted before its own (the product list through the
 * cart's, the record picker's 43 admin routes...), each entered, its routes tried and left. The
 * routes' literal beginnings, taken when the first request comes (the routes are all in by then),
 * decide it the way express's matching would (case-insensitive, a trailing slash optional): a
 * router with a middleware of its own or a route starting with a parameter is always entered.
 */
export function onlyForItsPaths(router: Router) {
  let prefixes: string[] | null | undefined; // null: always entered
  const guard = (req: Request, res: Response, next: NextFunction) => {
    if (prefixes === undefined) prefixes = literalPrefixes(router);
    if (prefixes === null) return router(req, res, next);
    const path = req.path.toLowerCase();
    for (const prefix of prefixes) if (path.startsWith(prefix)) return router(req, res, next);
    next();
  };
  // Still a router to whoever lists the app's routes (router 2's listRoutes, platform/http/route-list.ts).
  // (as unknown as: @types/express does not declare router 2's listRoutes, a real method.)
  const listed = router as unknown as { listRoutes(): unknown[] };
  return Object.assign(guard, { stack: router.stack, listRoutes: () => listed.listRoutes() });
}

interface StackLayer {
  route?: { path?: unknown };
}

/** Each route's literal beginning, lower case, trailing slashes cut; null when any layer may match anything. */
export function literalPrefixes(router: Router): string[] | null {
  const prefixes = new Set<string>();
  for (const layer of router.stack as StackLayer[]) {
    const path = layer.route?.path;
    const paths = typeof path === "string" ? [path] : Array.isArray(path) ? path : null;
    if (!paths) return null; // a middleware, or a route on a pattern
    for (const p of paths) {
      if (typeof p !== "string") return null;
      const literal = LITERAL.exec(p.toLowerCase())![0].replace(/\/+$/, "");
      if (literal === "") return null;
      prefixes.add(literal);
    }
  }
  return [...prefixes];
}
