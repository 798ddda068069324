import { Router, type Request } from "express";
import type { Kysely } from "kysely";
import { NotFoundError, pathIdOf } from "@shop/shared";
import {
  ProductListQuery,
  QUICK_VIEW_FAILED,
  QuickViewQuery,
  SiblingsQuery,
  SkuListQuery,
  type ProductCard,
  type SkuCard,
} from "@shop/shared/catalog/api";
import { DEFAULT_SITE_TIME_ZONE } from "@shop/shared/domain/site-time";
import { coverOfProduct, productImageUrl } from "@shop/shared/media/images";
import {
  activeSkuPage,
  productById,
  productsPage,
  productsByIds,
  productsSharing,
  skuRows,
  type Database,
  type ProductCardRow,
  type ProductListRow,
  type SkuListRow,
} from "@shop/projections";
import { parseQuery } from "../platform/http/validate.ts";
import { loadProductPage } from "./catalog-pages.ts";
import { makeListCountsCache } from "./list-counts-cache.ts";
import { makeSearchPlanCache } from "./search-plan-cache.ts";
import { makeSearchRankingCache } from "./search-ranking-cache.ts";
import { cardHtml, isReleased, productCard, siteToday, skuCard } from "./catalog-cards.ts";

export interface StorefrontCatalogDeps {
  db: Kysely<Database>;
  clock: () => Date;
  siteTimeZone?: string;
  /** The catalog's change stamp (`AppDeps.catalogStamp`): saves the counts cache reading the catalog's version. */
  catalogStamp?: () => string | null;
}

const withHtml = <T extends ProductCard | SkuCard>(
  item: T,
  template: string | undefined,
  title: string,
  subtitle: string,
): T => (template ? { ...item, html: cardHtml(template, item, title, subtitle) } : item);

/** The storefront's catalog calls of §7: the product list and search, SKU lists, sliders, quick view, the description. */
export function makeStorefrontCatalogRouter(deps: StorefrontCatalogDeps): Router {
  const router = Router();
  const { db } = deps;
  const listCounts = makeListCountsCache(db, deps.catalogStamp);
  const searchPlans = makeSearchPlanCache(db, deps.catalogStamp);
  const searchRankings = makeSearchRankingCache(db, deps.catalogStamp);
  const today = () => siteToday(deps.clock(), deps.siteTimeZone ?? DEFAULT_SITE_TIME_ZONE);
  const productItem = (p: ProductCardRow, template?: string) => withHtml(productCard(p), template, p.title, p.subtitle);
  const skuItem = (s: SkuListRow, day: string, template?: string) =>
    withHtml(skuCard(s, day), template, s.name, s.format);

  router.get("/api/store/products/", async (req, res) => {
    const q = parseQuery(ProductListQuery, req.query);
    const plan = q.q ? await searchPlans(q.q) : null;
    const counts = listCounts(q, plan);
    // A search's number of matches (cached per catalog version) says how its page is best ranked.
    const items = await productsPage(db, q, plan, plan ? (await counts).total : undefined, searchRankings);
    const { total, facets } = await counts;
    res.json({
      metadata: { success: true },
      items: items.map((p) => productItem(p, q.template)),
      count: items.length,
      total,
      start: q.start,
      facets,
    });
  });

  router.get("/store/skus/", async (req, res) => {
    const q = parseQuery(SkuListQuery, req.query);
    const day = today();
    const answer = (rows: SkuListRow[], total: number) =>
      res.json({
        metadata: { success: true },
        items: rows.map((s) => skuItem(s, day, q.template)),
        total,
        count: rows.length,
      });
    let rows: SkuListRow[];
    if (q.pack_includes !== undefined) {
      const pack = await productById(db, q.pack_includes);
      const found = await skuRows(db, { codes: pack?.includes ?? [] }, { activeOnly: true });
      // In the order the pack lists them.
      rows = (pack?.includes ?? []).flatMap((code) => found.filter((s) => s.sku === code));
    } else if (q.available_in !== undefined) {
      rows = await skuRows(db, { productId: q.available_in }, { activeOnly: true });
    } else {
      const page = await activeSkuPage(db, q.sort, q.start, q.count);
      return void answer(page.rows, page.total);
    }
    if (q.sort) rows = sortSkus(rows, q.sort);
    answer(q.count === -1 ? rows.slice(q.start) : rows.slice(q.start, q.start + q.count), rows.length);
  });

  router.get("/api/store/product/get-siblings/", async (req, res) => {
    const q = parseQuery(SiblingsQuery, req.query);
    const product = await productById(db, q.id);
    let rows: ProductListRow[] = [];
    if (product && (q.relation === "series" || q.relation === "author")) {
      rows = await productsSharing(db, q.relation, product[q.relation], product.id, q.sort, -1);
    } else if (product) {
      const ids = q.relation === "better_together" ? product.better_together : product.recommended;
      const found = await productsByIds(db, ids);
      rows = ids.flatMap((id) => found.filter((p) => p.id === id));
    }
    const page = q.count === -1 ? rows : rows.slice(0, q.count);
    res.json({
      metadata: { success: true },
      items: page.map((p) => productItem(p, q.template)),
      total: rows.length,
      count: page.length,
    });
  });

  router.get("/api/store/product/quick-view/", async (req, res) => {
    const q = parseQuery(QuickViewQuery, req.query);
    const product = await productById(db, q.id);
    const skus = product ? await skuRows(db, { productId: product.id }, { activeOnly: true }) : [];
    // The asked-for SKU, else the first that can be bought, else the first.
    const picked = skus.find((s) => s.sku === q.sku) ?? skus.find((s) => !skuCard(s, "").is_sold_out) ?? skus[0];
    if (!product || !picked) throw new NotFoundError(QUICK_VIEW_FAILED);
    const day = today();
    const card = skuCard(picked, day);
    res.json({
      metadata: { success: true },
      id: product.id,
      title: product.title,
      subtitle: product.subtitle,
      url: `/store/products/${product.id}/`,
      image: productImageUrl(product.images, coverOfProduct(product)),
      description: product.description,
      sku: card.id,
      sku_code: card.sku,
      format_name: card.format,
      price: card.price,
      price_float: card.price_float,
      price_cents: card.price_cents,
      original_price: card.original_price,
      isreleased: isReleased(product.release_date, day),
      release_date: product.release_date,
      is_backordered: card.is_backordered,
      restock_future: card.restock_future,
      restock_date: card.restock_date,
      is_sold_out: card.is_sold_out,
      allow_returns: card.allow_returns,
      user_defined_price: card.user_defined_price,
      skus: skus.map((s) => skuCard(s, day)),
    });
  });

  // The full description for the product page's overlay; a browser asking for HTML gets the page (h-web's route).
  router.get("/store/products/:id/", async (req, res, next) => {
    if (!wantsJson(req)) return next();
    const id = pathIdOf(req.params.id);
    const product = id === null ? null : await loadProductPage(db, id, deps.clock(), deps.siteTimeZone);
    if (!product) throw new NotFoundError();
    res.json({ metadata: { success: true }, description: product.description, product });
  });

  return router;
}

const wantsJson = (req: Request) => req.accepts(["html", "json"]) === "json";

function sortSkus(rows: SkuListRow[], sort: string): SkuListRow[] {
  const desc = sort.startsWith("-") ? -1 : 1;
  const key = sort.replace(/^-/, "");
  const value = (s: SkuListRow): string | number =>
    key === "price"
      ? s.price_cents
      : key === "sku"
        ? s.sku
        : key === "release_date"
          ? (s.release_date ?? "")
          : s.name.toLowerCase();
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * desc;
  });
}
