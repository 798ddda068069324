import type { Discount } from "@shop/shared";
import type { SkuForCart } from "@shop/shared/catalog/sku-for-cart";

/** A SKU as the catalog answers it, for cart tests: in stock, active, $12.99. */
export function skuForCart(code: string, extra: Partial<SkuForCart> = {}): SkuForCart {
  return {
    id: 100,
    code,
    productId: 1,
    title: `Book ${code}`,
    format: "Paperback",
    priceCents: 1299,
    originalPriceCents: null,
    priceTiers: [],
    stock: 10,
    backorder: false,
    restockDate: null,
    allowReturns: true,
    active: true,
    digital: false,
    userDefinedPrice: false,
    campaign: null,
    url: "/store/products/1/",
    imageUrl: null,
    ...extra,
  };
}

/** 10% off everything, for anyone, always. */
export function discount(code: string, extra: Partial<Discount> = {}): Discount {
  return {
    id: 1,
    code,
    description: `${code} discount`,
    percentOff: 10,
    amountOffCents: null,
    minSubtotalCents: 0,
    requiresUser: false,
    requiresGroup: null,
    requiredSkus: [],
    requiredQuantity: 0,
    starts: null,
    ends: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    active: true,
    freeShipping: false,
    freeShippingMethods: [],
    ...extra,
  };
}
