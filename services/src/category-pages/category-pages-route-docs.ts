import { CartAnswer } from "@shop/shared";
import { AlphabetOrderAnswer, MagazineAddToCartRequest, MagazinePageAnswer } from "@shop/shared/category-pages/api";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The store category pages' routes for /api/openapi.json (services/src/category-pages/). */
export const CATEGORY_PAGE_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/store/magazine/",
    summary: "The magazine subscription page: terms of 1 to 3 years (with free_downloads each) and the free videos",
    answer: MagazinePageAnswer,
  },
  {
    method: "POST",
    path: "/api/store/magazine/add-to-cart/",
    refusals: [
      "CART_NOT_A_SUBSCRIPTION",
      "CART_ITEM_NOT_FOUND",
      "CART_ITEM_INACTIVE",
      "CART_ITEM_SOLD_OUT",
      "CART_BAD_QUANTITY",
      "CART_NOT_A_FREE_DOWNLOAD",
      "CART_FREE_DOWNLOADS_OVER",
      "CART_FREE_DOWNLOADS_NO_SUBSCRIPTION",
    ],
    summary:
      "Add a subscription and its ticked free video downloads together; more than the term allows, a download " +
      "outside the free set or no subscription answers metadata.success false and adds nothing",
    body: MagazineAddToCartRequest,
    answer: CartAnswer,
  },
  {
    method: "GET",
    path: "/api/store/alphabet-order/",
    summary: "The alphabet-order supplies (category abc) by name, a row per first letter",
    answer: AlphabetOrderAnswer,
  },
];
