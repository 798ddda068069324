import { Router, type Request } from "express";
import type { Kysely } from "kysely";
import {
  BACK_OFFICE_MESSAGES,
  ProductNotFoundError,
  SkuNotFoundError,
  pathIdOf,
  productStream,
  skuStream,
  type EventStore,
  type LogPosition,
} from "@shop/shared";
import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_SKU_SORTS,
  AdminProductListQuery,
  AdminSkuListQuery,
  CreateProductRequest,
  CreateSkuRequest,
  UpdateProductRequest,
  UpdateSkuRequest,
} from "@shop/shared/catalog/admin-api";
import { adminListProducts, adminListSkus, sortColumn, type Database } from "@shop/projections";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { createProduct, createSku, updateProduct, updateSku, type Actor } from "./catalog-commands.ts";
import { newSku, productChanges, productFields, skuChanges } from "./catalog-input.ts";
import { historyItems, loadProductView, loadSkuView, productView, skuView } from "./admin-catalog-views.ts";

export interface AdminCatalogDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  waitForProjections: (position: LogPosition, names: string[]) => Promise<boolean>;
}

const PRODUCTS = "/admin/api/store/product/";
const SKUS = "/admin/api/store/sku/";

const actorOf = (req: Request): Actor => ({
  by: { id: req.user!.id, name: req.user!.name },
  metadata: eventMetadata(req),
});
const saved = (view: object) => ({
  metadata: { success: true, message: BACK_OFFICE_MESSAGES.genericSuccess },
  ...view,
});

/** The back office's products and SKUs: list, create, read, update with expected_version, history. Staff only (app.ts). */
export function makeAdminCatalogRouter(deps: AdminCatalogDeps): Router {
  const router = Router();
  // The storefront reads the same read model: once it has the write, so do the public endpoints.
  const visible = async (appended: { position: LogPosition } | undefined) => {
    if (appended) await deps.waitForProjections(appended.position, ["catalog"]);
  };

  router.get(PRODUCTS, async (req, res) => {
    const q = parseQuery(AdminProductListQuery, req.query);
    const { rows, total } = await adminListProducts(deps.db, q, sortColumn(q.sort, ADMIN_PRODUCT_SORTS));
    res.json({ metadata: { success: true }, items: rows.map(productView), total, count: q.count, start: q.start });
  });

  router.post(PRODUCTS, async (req, res) => {
    const input = parseRequest(CreateProductRequest, req.body);
    const { id, appended } = await createProduct(deps, null, productFields(input), actorOf(req));
    await visible(appended);
    res.status(201).json(saved(await loadProductView(deps.db, id)));
  });

  router.get(`${PRODUCTS}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    res.json({ metadata: { success: true }, ...(await loadProductView(deps.db, id)) });
  });

  router.put(`${PRODUCTS}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const input = parseRequest(UpdateProductRequest, req.body);
    const { appended } = await updateProduct(deps, id, productChanges(input), input.expected_version, actorOf(req));
    await visible(appended);
    res.json(saved(await loadProductView(deps.db, id)));
  });

  router.get(`${PRODUCTS}:id/history/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const events = await deps.store.readStream(productStream(id));
    if (events.length === 0) throw new ProductNotFoundError();
    const items = historyItems(events);
    res.json({ metadata: { success: true }, id, items, total: items.length, count: items.length, start: 0 });
  });

  router.get(SKUS, async (req, res) => {
    const q = parseQuery(AdminSkuListQuery, req.query);
    const { rows, total } = await adminListSkus(deps.db, q, sortColumn(q.sort, ADMIN_SKU_SORTS));
    res.json({ metadata: { success: true }, items: rows.map(skuView), total, count: q.count, start: q.start });
  });

  router.post(SKUS, async (req, res) => {
    const input = parseRequest(CreateSkuRequest, req.body);
    const { id, appended } = await createSku(deps, null, newSku(input), actorOf(req));
    await visible(appended);
    res.status(201).json(saved(await loadSkuView(deps.db, id)));
  });

  router.get(`${SKUS}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    res.json({ metadata: { success: true }, ...(await loadSkuView(deps.db, id)) });
  });

  router.put(`${SKUS}:id/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const input = parseRequest(UpdateSkuRequest, req.body);
    const { appended } = await updateSku(deps, id, skuChanges(input), input.expected_version, actorOf(req));
    await visible(appended);
    res.json(saved(await loadSkuView(deps.db, id)));
  });

  router.get(`${SKUS}:id/history/`, async (req, res, next) => {
    const id = pathIdOf(req.params.id);
    if (id === null) return next();
    const events = await deps.store.readStream(skuStream(id));
    if (events.length === 0) throw new SkuNotFoundError();
    const items = historyItems(events);
    res.json({ metadata: { success: true }, id, items, total: items.length, count: items.length, start: 0 });
  });

  return router;
}
