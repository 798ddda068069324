import { WishlistAddRequest, WishlistAnswer } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The wishlist routes for /api/openapi.json (services/src/wishlist/wishlist-router.ts). Signed-in shoppers only: 401 otherwise. */
export const WISHLIST_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/account/wishlist/",
    signedIn: true,
    summary: "The signed-in shopper's wishlist, latest first, priced by the catalog now",
    answer: WishlistAnswer,
  },
  {
    method: "POST",
    path: "/api/account/wishlist/",
    signedIn: true,
    refusals: ["WISHLIST_ITEM_NOT_FOUND", "WISHLIST_ITEM_INACTIVE", "WISHLIST_DONATION", "WISHLIST_FULL"],
    summary: "Keep a SKU ({sku_code}); again is no change. An unknown, inactive or donation SKU answers 400 naming why",
    body: WishlistAddRequest,
    answer: WishlistAnswer,
  },
  {
    method: "DELETE",
    path: "/api/account/wishlist/:sku_code/",
    signedIn: true,
    refusals: ["WISHLIST_ITEM_NOT_FOUND"],
    summary: "Take a SKU off the wishlist (one not there is no change)",
    answer: WishlistAnswer,
  },
];
