import { z } from "zod";
import { ApplyDiscountsQuery, CartAnswer, FullCartUpdateRequest } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

const ADD_QUERY = z
  .object({ x: z.string().optional() })
  .catchall(z.string())
  .meta({ description: "Pairs of {sku code}={quantity}; a donation SKU's quantity is its amount" });

/** The cart routes for /api/openapi.json (services/src/cart/cart-router.ts). */
export const CART_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/store/shop/add-to-cart/",
    refusals: [
      "CART_NO_ITEMS",
      "CART_BAD_QUANTITY",
      "CART_TOO_MUCH",
      "CART_ITEM_NOT_FOUND",
      "CART_ITEM_INACTIVE",
      "CART_ITEM_SOLD_OUT",
      "CART_FREE_DOWNLOADS_OVER",
      "CART_FREE_DOWNLOADS_NO_SUBSCRIPTION",
      "CART_NOT_A_FREE_DOWNLOAD",
    ],
    summary:
      "Add items ?{sku}={qty}&x={n}; a sold-out, inactive or unknown SKU answers metadata.success false naming it",
    query: ADD_QUERY,
    answer: CartAnswer,
  },
  {
    method: "GET",
    path: "/store/cart/",
    redirect: { status: 303, description: "With ?{sku}={qty}&add-to-cart: the items added, back to the cart page" },
    summary:
      "The cart page; with ?{sku}={qty}&add-to-cart it adds first, then redirects (303) to the page. Sent from " +
      "another site (Sec-Fetch-Site: cross-site, or a foreign Referer) it adds nothing and answers a page asking to confirm",
    mediaType: "text/html",
    answer: z.string(),
  },
  {
    method: "GET",
    path: "/api/store/shop/full-cart/",
    summary: "The cart (also the mini cart, ?x={n}): order, items, discounts",
    answer: CartAnswer,
  },
  {
    method: "PUT",
    path: "/api/store/shop/full-cart/",
    refusals: [
      "CART_BAD_QUANTITY",
      "CART_TOO_MUCH",
      "CART_ITEM_NOT_FOUND",
      "CART_ITEM_INACTIVE",
      "CART_ITEM_SOLD_OUT",
      "CART_FREE_DOWNLOADS_OVER",
      "CART_FREE_DOWNLOADS_NO_SUBSCRIPTION",
      "CART_NOT_A_FREE_DOWNLOAD",
    ],
    summary: "Set item quantities (0 removes; a donation item's quantity is its amount)",
    body: FullCartUpdateRequest,
    answer: CartAnswer,
  },
  {
    method: "GET",
    path: "/api/store/shop/apply-discounts/",
    summary: 'Apply codes (?discounts=["CODE"]; a leading minus removes); answers a map from code to message',
    query: ApplyDiscountsQuery,
    answer: z.record(z.string(), z.string()),
  },
];
