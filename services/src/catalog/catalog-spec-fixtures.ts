import { productStream, ProductFields, SkuFields, skuCodeStream, type SkuPrice, type SkuStock } from "@shop/shared";
import { skuStream } from "@shop/shared";
import type { GivenEvent } from "../testing/api-spec.ts";

// Given events of the catalog for HTTP scenarios: what the admin API or an import would append.

const at = "2026-11-01T10:00:00.000Z";

export function productGiven(id: number, fields: Partial<ProductFields> & { title: string }): GivenEvent {
  const data = ProductFields.parse({ slug: `product-${id}`, ...fields });
  return { streamId: productStream(id), type: "ProductCreated", data: { id, ...data, createdAt: at, by: null } };
}

export type SkuGiven = Partial<SkuFields & SkuPrice & SkuStock> & { priceCents: number };

export function skuGiven(id: number, code: string, sku: SkuGiven): GivenEvent[] {
  const fields = SkuFields.parse(sku);
  const data = {
    id,
    code,
    ...fields,
    priceCents: sku.priceCents,
    originalPriceCents: sku.originalPriceCents ?? null,
    priceTiers: sku.priceTiers ?? [],
    stock: sku.stock === undefined ? null : sku.stock,
    backorder: sku.backorder ?? false,
    restockDate: sku.restockDate ?? null,
    createdAt: at,
    by: null,
  };
  return [
    { streamId: skuCodeStream(code), type: "SkuCodeClaimed", data: { skuId: id, code } },
    { streamId: skuStream(id), type: "SkuCreated", data },
  ];
}
