import { Router, type Request, type Response } from "express";
import type { Kysely } from "kysely";
import { CartRefusedError, type EventStore } from "@shop/shared";
import { alphabetRows, MagazineAddToCartRequest } from "@shop/shared/category-pages/api";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import {
  freeDownloadsAllowed,
  isFreeDownload,
  MAGAZINE_MESSAGES,
  subscriptionYears,
} from "@shop/shared/category-pages/free-downloads";
import { loadSkusForCart, skuRows, type Database } from "@shop/projections";
import { cartIdOf, visitorCartOf } from "../cart/cart-id.ts";
import { shopperOf } from "../cart/cart-router.ts";
import { runCartCommand } from "../cart/cart-service.ts";
import { cartAnswer } from "../cart/cart-view.ts";
import { decideCart } from "../cart/decide.ts";
import { siteToday, skuCard } from "../catalog/catalog-cards.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";

export interface CategoryPagesDeps {
  db: Kysely<Database>;
  store: EventStore;
  clock: () => Date;
  behindProxy: boolean;
  siteTimeZone?: string;
}

/** The store category pages (storefront §2): the magazine subscription and the alphabet-order supplies. */
export function makeCategoryPagesRouter(deps: CategoryPagesDeps): Router {
  const router = Router();
  const { db } = deps;
  const loadSkus = (codes: readonly string[]) => loadSkusForCart(db, codes);
  const cards = async (category: string) => {
    const today = siteToday(deps.clock(), deps.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE);
    return (await skuRows(db, { category }, { activeOnly: true })).map((row) => skuCard(row, today));
  };

  router.get("/api/store/magazine/", async (_req, res) => {
    const skus = await cards("magazine-sub");
    const terms = skus
      .map((s) => ({ ...s, years: subscriptionYears({ code: s.sku, format: s.format }) ?? 0 }))
      .filter((s) => s.years > 0)
      .sort((a, b) => a.years - b.years)
      .map((s) => ({ ...s, free_downloads: freeDownloadsAllowed(s.years) }));
    const free = skus
      .filter((s) => isFreeDownload({ code: s.sku, format: s.format }))
      .sort((a, b) => a.name.localeCompare(b.name));
    res.json({ metadata: { success: true }, terms, free_downloads: free });
  });

  // The page's one button: a term and its ticked downloads go in together, or nothing does.
  router.post("/api/store/magazine/add-to-cart/", async (req: Request, res: Response) => {
    const input = parseRequest(MagazineAddToCartRequest, req.body);
    const downloads = [...new Set(input.free_downloads)];
    const found = await loadSkus([input.subscription, ...downloads]);
    const term = found.get(input.subscription);
    if (!term || subscriptionYears(term) === null)
      throw new CartRefusedError("CART_NOT_A_SUBSCRIPTION", MAGAZINE_MESSAGES.chooseTerm);
    for (const code of downloads) {
      const sku = found.get(code);
      if (!sku || !isFreeDownload(sku))
        throw new CartRefusedError("CART_NOT_A_FREE_DOWNLOAD", MAGAZINE_MESSAGES.notFree(sku?.title ?? code, code));
    }
    const items = [input.subscription, ...downloads].map((skuCode) => ({ skuCode, quantity: 1 }));
    const newCart = !req.user && visitorCartOf(req) === null;
    const cartId = cartIdOf(req, res, { create: true, secure: deps.behindProxy })!;
    const outcome = await runCartCommand(
      { store: deps.store, clock: deps.clock, loadSkus },
      cartId,
      shopperOf(req),
      { skus: items.map((i) => i.skuCode) },
      (cart, context) => decideCart({ type: "AddToCart", data: { items } }, cart, context),
      eventMetadata(req),
      { newCart },
    );
    res.json(cartAnswer(outcome.cart, outcome.context, outcome.events));
  });

  router.get("/api/store/alphabet-order/", async (_req, res) => {
    res.json({ metadata: { success: true }, rows: alphabetRows(await cards("abc")) });
  });

  return router;
}
