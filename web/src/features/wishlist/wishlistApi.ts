import type { WishlistAnswer } from "@shop/shared/wishlist/api";
import { api } from "../../app/api";

export type { WishlistAnswer, WishlistItemView } from "@shop/shared/wishlist/api";

const PATH = "/api/account/wishlist/";

/**
 * The signed-in shopper's wishlist. A write answers the whole list as it now is, which replaces the
 * cached one (no refetch); signing in or out refetches it.
 */
export const wishlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    wishlist: build.query<WishlistAnswer, void>({
      query: () => PATH,
      providesTags: ["Wishlist"],
    }),
    addToWishlist: build.mutation<WishlistAnswer, string>({
      query: (skuCode) => ({ url: PATH, method: "POST", body: { sku_code: skuCode } }),
      onQueryStarted: (_code, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => void dispatch(wishlistApi.util.upsertQueryData("wishlist", undefined, data)),
          () => undefined,
        ),
    }),
    removeFromWishlist: build.mutation<WishlistAnswer, string>({
      query: (skuCode) => ({ url: `${PATH}${encodeURIComponent(skuCode)}/`, method: "DELETE" }),
      onQueryStarted: (_code, { dispatch, queryFulfilled }) =>
        queryFulfilled.then(
          ({ data }) => void dispatch(wishlistApi.util.upsertQueryData("wishlist", undefined, data)),
          () => undefined,
        ),
    }),
  }),
});

export const { useWishlistQuery, useAddToWishlistMutation, useRemoveFromWishlistMutation } = wishlistApi;
