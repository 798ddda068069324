import { wishlistEvents, type WishlistEvent } from "@shop/shared";

export interface WishlistEntry {
  skuCode: string;
  addedAt: string;
}

/** A wishlist as its stream folds it: the kept SKUs, latest first. */
export interface Wishlist {
  items: WishlistEntry[];
  /** The stream version (-1 before the first event). */
  version: number;
}

export const emptyWishlist = (): Wishlist => ({ items: [], version: -1 });

export const wishlistDecider = {
  initialState: emptyWishlist,
  events: wishlistEvents,
  /** An event this code does not know changes nothing but counts toward the stream version. */
  skip: (state: Wishlist): Wishlist => ({ ...state, version: state.version + 1 }),
  evolve(state: Wishlist, event: WishlistEvent): Wishlist {
    const version = state.version + 1;
    const others = state.items.filter((i) => i.skuCode !== event.data.skuCode);
    switch (event.type) {
      case "WishlistItemAdded":
        return { version, items: [{ skuCode: event.data.skuCode, addedAt: event.data.at }, ...others] };
      case "WishlistItemRemoved":
        return { version, items: others };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
