import { z } from "zod";
import { positiveId } from "../http/request-fields.ts";
import { CreateCampaignRequest } from "../campaigns/api.ts";
import { CreateDiscountRequest } from "../discounts/api.ts";
import { CreateProductRequest, CreateSkuRequest } from "./admin-api.ts";

// The file `npm run ops -- import-catalog FILE.json` reads and `generate-catalog` writes (README).
// Products and SKUs take the back office's fields; every key is optional but a product's title and
// a SKU's code and price. Ids in the file are kept: they are the ids the endpoints answer with.

export const ImportSku = CreateSkuRequest.omit({ product: true }).extend({ id: positiveId().optional() });
export type ImportSku = z.infer<typeof ImportSku>;

export const ImportProduct = CreateProductRequest.omit({ expected_version: true }).extend({
  id: positiveId().optional(),
  skus: z.array(ImportSku).default([]),
});
export type ImportProduct = z.infer<typeof ImportProduct>;

export const CatalogImportFile = z.object({
  products: z.array(ImportProduct).default([]),
  /** SKUs of no product (donations). */
  skus: z.array(ImportSku).default([]),
  /** Discounts and campaigns with the staff forms' fields, imported by their own features. */
  discounts: z.array(CreateDiscountRequest).default([]),
  campaigns: z.array(CreateCampaignRequest).default([]),
});
export type CatalogImportFile = z.input<typeof CatalogImportFile>;
export type ParsedCatalogImportFile = z.infer<typeof CatalogImportFile>;
