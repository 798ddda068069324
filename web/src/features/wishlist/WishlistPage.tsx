import { useLocation } from "../../platform/router";
import { useMeQuery } from "../account/accountApi";

/**
 * /account/wishlist/?add={sku}: anonymous visitors are sent to sign in first (the server redirects them).
 * The shop has no wishlist endpoint yet, so a signed-in visitor is told the item could not be saved.
 */
export function WishlistPage() {
  const { search } = useLocation();
  const { data: me } = useMeQuery();
  const add = new URLSearchParams(search).get("add");
  if (!me) {
    return (
      <p>
        Please <a href={`/account/login/?next=${encodeURIComponent(`/account/wishlist/${search}`)}`}>sign in</a> to use
        your wishlist.
      </p>
    );
  }
  return (
    <section>
      <h1>Your Wishlist</h1>
      {add && (
        <p role="status" className="alert neutral">
          Wishlists are not available yet: {add} could not be saved.
        </p>
      )}
      <p>Your wishlist is empty.</p>
    </section>
  );
}
