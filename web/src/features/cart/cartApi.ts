import { track } from "../../platform/analytics";
import { api } from "../../app/api";
import type { CartAnswer, CartDiscountView, CartItemView, FullCartUpdateBody } from "@shop/shared/cart/api";
import type { Metadata } from "../catalog/catalogTypes";
import { openSocketNamespace } from "../../platform/socketNamespace";
import { cartPushHandler } from "./cartMessages";

// The cart's wire shapes are the schemas the server answers with (shared/src/cart/api.ts); type-only
// imports, so zod stays out of the storefront's bundle.
export type CartItem = CartItemView;
export type CartDiscount = CartDiscountView;
export type Cart = CartAnswer;
export type CartUpdate = FullCartUpdateBody;
export type MiniCartItem = Pick<
  CartItemView,
  "sku_code" | "title" | "quantity" | "user_defined_price" | "url" | "image"
>;
/** The mini cart reads the same answer (its `order` holds the version pushes are compared with). */
type MiniCart = { metadata: CartAnswer["metadata"]; order: CartAnswer["order"]; items: MiniCartItem[] };

/** The cache-busting `x` the spec's calls carry. */
let counter = 0;
export const cacheBuster = () => `${Date.now()}${counter++}`;

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    cart: build.query<Cart, void>({
      query: () => "/api/store/shop/full-cart/",
      providesTags: ["Cart"],
      onCacheEntryAdded: (_arg, lifecycle) => keepLive(lifecycle),
    }),
    updateCart: build.mutation<Cart, CartUpdate>({
      query: (body) => ({ url: "/api/store/shop/full-cart/", method: "PUT", body }),
      invalidatesTags: ["MiniCart"],
      onQueryStarted: (arg, { queryFulfilled }) =>
        queryFulfilled.then(
          () => {
            tellOtherTabs();
            for (const item of arg.items ?? [])
              if (Number(item.quantity) === 0) track({ name: "remove_from_cart", sku: item.sku_code });
          },
          () => undefined,
        ),
    }),
    miniCart: build.query<MiniCart, void>({
      query: () => ({ url: "/api/store/shop/full-cart/", params: { x: cacheBuster() } }),
      providesTags: ["MiniCart"],
      onCacheEntryAdded: (_arg, lifecycle) => keepLive(lifecycle),
    }),
    /** §7: GET add-to-cart with `{sku}={qty}` pairs; the caller sends the shopper to the cart page on failure. */
    addToCart: build.mutation<{ metadata: Metadata }, Record<string, number>>({
      query: (pairs) => ({ url: "/api/store/shop/add-to-cart/", params: { ...pairs, x: cacheBuster() } }),
      invalidatesTags: ["Cart", "MiniCart"],
      onQueryStarted: (arg, { queryFulfilled }) =>
        queryFulfilled.then(
          () => {
            tellOtherTabs();
            for (const sku of Object.keys(arg)) track({ name: "add_to_cart", sku });
          },
          () => undefined,
        ),
    }),
    /** A leading minus removes a code; the answer maps each code to its message. */
    applyDiscounts: build.mutation<Record<string, string>, string[]>({
      query: (codes) => ({ url: "/api/store/shop/apply-discounts/", params: { discounts: JSON.stringify(codes) } }),
      invalidatesTags: ["Cart", "MiniCart"],
      onQueryStarted: (_arg, { queryFulfilled }) => queryFulfilled.then(tellOtherTabs, () => undefined),
    }),
  }),
});

type Lifecycle = {
  getCacheEntry: () => { data?: { order?: { version?: number } } };
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  dispatch: (action: ReturnType<typeof api.util.invalidateTags>) => unknown;
};

const CHANNEL = "storefront-cart";
/** Tells the other tabs of this browser that the cart changed (they refetch it). */
export function tellOtherTabs() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

/**
 * Every open tab shows the cart as it is: a change made in another tab of this browser arrives on a
 * BroadcastChannel, one made elsewhere (another device of the account) as a `cart:changed` push on the
 * `/public` socket. Either way the tab asks again: the answer is the server's, never a hand-kept copy.
 * socket.io-client loads only then, outside the page's first JavaScript.
 */
async function keepLive({ getCacheEntry, cacheDataLoaded, cacheEntryRemoved, dispatch }: Lifecycle) {
  try {
    await cacheDataLoaded;
  } catch {
    return;
  }
  if (typeof window === "undefined") return;
  const refetch = () => dispatch(api.util.invalidateTags(["Cart", "MiniCart"]));
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener("message", refetch);
  const socket = await openSocketNamespace("/public");
  socket?.io.on("reconnect", refetch);
  // The server puts this socket in its cart's room by the cookie; a push this tab's cart already shows is skipped.
  socket?.on(
    "cart:changed",
    cartPushHandler(() => getCacheEntry().data, refetch),
  );
  await cacheEntryRemoved;
  channel?.close();
  socket?.close();
}

export const {
  useCartQuery,
  useUpdateCartMutation,
  useMiniCartQuery,
  useAddToCartMutation,
  useApplyDiscountsMutation,
} = cartApi;
