import { createServer } from "node:http";
import express, { Router } from "express";
import { describe, expect, it } from "vitest";
import { listAppRoutes } from "./route-list.ts";
import { literalPrefixes, onlyForItsPaths } from "./router-paths.ts";

/** Routers of every kind express mounts: literal routes, parameters, arrays, a middleware, a pattern. */
function routers(): Router[] {
  const literal = Router();
  literal.get("/store/cart/", (_req, res) => void res.send("cart"));
  literal.post("/api/Thing/:id/", (req, res) => void res.send(`thing ${req.params.id}`));
  literal.get(["/a/b/", "/c/{*rest}"], (req, res) => void res.send(`array ${req.path}`));
  const param = Router();
  param.get("/:slug/", (req, res) => void res.send(`slug ${req.params.slug}`));
  const middleware = Router();
  middleware.use((req, res, next) => (req.path === "/mw/" ? void res.send("mw") : next()));
  const pattern = Router();
  pattern.get(/^\/re(gex)?\/$/, (_req, res) => void res.send("regex"));
  return [literal, param, middleware, pattern];
}

async function answers(guarded: boolean, paths: string[]): Promise<string[]> {
  const app = express();
  for (const router of routers()) app.use(guarded ? onlyForItsPaths(router) : router);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    const out: string[] = [];
    for (const path of paths)
      for (const method of ["GET", "POST", "HEAD", "OPTIONS"]) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
        out.push(`${method} ${path} ${res.status} ${res.headers.get("allow")} ${(await res.text()).slice(0, 40)}`);
      }
    return out;
  } finally {
    server.close();
  }
}

describe("routers entered only for their paths", () => {
  it("answer every request as the routers mounted as they are", async () => {
    const paths = [
      "/store/cart/",
      "/store/cart",
      "/STORE/Cart/",
      "/store/cart//",
      "/store/cartoon/",
      "/api/thing/5/",
      "/API/THING/5",
      "/api/thing/",
      "/a/b",
      "/c/d/e",
      "/store/%63art/",
      "/mw/",
      "/re/",
      "/regex/",
      "/anything/",
      "/",
    ];
    expect(await answers(true, paths)).toEqual(await answers(false, paths));
  });

  it("a router of literal routes has their beginnings; one with a middleware, a parameter first or a pattern has none", () => {
    const [literal, param, middleware, pattern] = routers();
    expect(literalPrefixes(literal)).toEqual(["/store/cart", "/api/thing", "/a/b", "/c"]);
    expect(literalPrefixes(param)).toBeNull();
    expect(literalPrefixes(middleware)).toBeNull();
    expect(literalPrefixes(pattern)).toBeNull();
  });
});

describe("a guarded router", () => {
  it("lists the same routes as the router it guards", () => {
    const app = (guarded: boolean) => {
      const a = express();
      for (const router of routers()) a.use(guarded ? onlyForItsPaths(router) : router);
      return a;
    };
    expect(listAppRoutes(app(true))).toEqual(listAppRoutes(app(false)));
    expect(listAppRoutes(app(true)).length).toBeGreaterThan(3);
  });
});
