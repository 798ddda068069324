import { api } from "../../app/api";
import type { Metadata } from "../catalog/catalogTypes";
import { openSocketNamespace } from "../../platform/socketNamespace";

/** §3: the cart's order, items and discounts, as GET and PUT /api/store/shop/full-cart/ answer them. */
export type CartItem = {
  id: number;
  sku: number;
  sku_code: string;
  title?: string;
  /** The SKU's format ("Hardcover", "eBook"): tells two lines of one product apart. */
  format?: string;
  quantity: number;
  /** The line total. */
  price: string;
  /** Each. */
  original_price: string;
  saved: string;
  html?: string;
  url?: string;
  user_defined_price?: boolean;
};
export type CartDiscount = { id: number; code: string; description: string; amount_saved: string };
export type Cart = {
  metadata: Metadata;
  order: { subtotal: string; savings: string };
  items: CartItem[];
  discounts: CartDiscount[];
  /** Codes that dropped out of `discounts` on this change, with why. */
  dropped_discounts?: Record<string, string>;
};
export type CartUpdate = {
  order: Cart["order"];
  discounts: CartDiscount[];
  items: Pick<CartItem, "id" | "sku" | "sku_code" | "quantity">[];
};
export type MiniCartItem = { sku_code: string; title: string; quantity: number; user_defined_price: boolean };
type MiniCart = { metadata: Metadata; items: MiniCartItem[] };

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
      onQueryStarted: (_arg, { queryFulfilled }) => queryFulfilled.then(tellOtherTabs, () => undefined),
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
      onQueryStarted: (_arg, { queryFulfilled }) => queryFulfilled.then(tellOtherTabs, () => undefined),
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
async function keepLive({ cacheDataLoaded, cacheEntryRemoved, dispatch }: Lifecycle) {
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
  socket?.on("cart:changed", refetch); // the server puts this socket in its cart's room by the cookie
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
