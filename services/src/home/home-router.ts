import { Router } from "express";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import type { FeaturedAnswer } from "@shop/shared/home/api";
import { featuredProducts } from "./featured-products.ts";

/** GET /api/home/featured/: the home page's featured products (featured-products.ts). */
export function makeHomeRouter(deps: { db: Kysely<Database> }): Router {
  const router = Router();
  router.get("/api/home/featured/", async (_req, res) => {
    const answer: FeaturedAnswer = { metadata: { success: true }, ...(await featuredProducts(deps.db)) };
    res.setHeader("Cache-Control", "public, max-age=60"); // the same for every visitor
    res.json(answer);
  });
  return router;
}
