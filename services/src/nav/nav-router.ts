import { Router } from "express";
import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import {
  HOME_COUNTRY_COOKIE,
  MenuLayerQuery,
  type MenuLayerAnswer,
  type NavHtmlAnswer,
  TOP_MENU_LAYER,
  decodeHomeCountry,
} from "@shop/shared/nav/api";
import { readCookie } from "../platform/http/cookies.ts";
import { parseQuery } from "../platform/http/validate.ts";
import { fullFooterHtml, menuLayerHtml, regionPanelHtml } from "./menu-html.ts";
import { menuLayers } from "./menu-queries.ts";

/** Storefront §7 navigation: menu layers, the region and language panel and the full footer. */
export function makeNavRouter(deps: { db: Kysely<Database> }): Router {
  const router = Router();

  router.get("/api/nav/get-menu-layer/", async (req, res) => {
    const { parents } = parseQuery(MenuLayerQuery, req.query);
    const unique = [...new Set(parents)];
    const layers = await menuLayers(deps.db, unique);
    const answer: MenuLayerAnswer = {
      metadata: { success: true },
      results: unique.map((parent) => ({ parent, child_html: menuLayerHtml(parent, layers.get(parent) ?? []) })),
    };
    res.json(answer);
  });

  router.get("/api/nav/get-region-and-languages/", (req, res) => {
    const answer: NavHtmlAnswer = {
      metadata: { success: true },
      html: regionPanelHtml(decodeHomeCountry(readCookie(req, HOME_COUNTRY_COOKIE))),
    };
    res.json(answer);
  });

  router.get("/api/nav/get-full-footer/", async (_req, res) => {
    const top = (await menuLayers(deps.db, [TOP_MENU_LAYER])).get(TOP_MENU_LAYER) ?? [];
    const below = await menuLayers(
      deps.db,
      top.map((item) => item.id),
    );
    const columns = top.map((item) => ({ item, children: below.get(item.id) ?? [] }));
    const answer: NavHtmlAnswer = { metadata: { success: true }, html: fullFooterHtml(columns) };
    res.json(answer);
  });

  return router;
}
