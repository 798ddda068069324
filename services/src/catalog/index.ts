import { catalogEvents, type CatalogErrorCode } from "@shop/shared";
import type { FeatureDeps } from "../app-deps.ts";
import type { Feature } from "../platform/feature.ts";

/** Products and SKUs: the storefront's lists and the staff's editor. */
export const catalog = {
  name: "catalog",
  events: [...catalogEvents],
  errorStatus: {
    PRODUCT_NOT_FOUND: 404,
    PRODUCT_EXISTS: 409,
    PRODUCT_INVALID: 400,
    SKU_NOT_FOUND: 404,
    SKU_EXISTS: 409,
    SKU_INVALID: 400,
  } satisfies Record<CatalogErrorCode, number>,
  projections: ["catalog"],
  routers: async (deps) => {
    const [{ makeStorefrontCatalogRouter }, { makeAdminCatalogRouter }] = await Promise.all([
      import("./storefront-catalog-router.ts"),
      import("./admin-catalog-router.ts"),
    ]);
    return [makeStorefrontCatalogRouter(deps), makeAdminCatalogRouter(deps)];
  },
  routeDocs: async () => {
    const { CATALOG_ROUTES, ADMIN_CATALOG_ROUTES } = await import("./catalog-route-docs.ts");
    return [...CATALOG_ROUTES, ...ADMIN_CATALOG_ROUTES];
  },
  liveMappers: async () => [(await import("./catalog-live-messages.ts")).catalogLiveMessages],
} satisfies Feature<FeatureDeps>;
