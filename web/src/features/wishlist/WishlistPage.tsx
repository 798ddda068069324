import { errorAnswerOf } from "@shop/shared/errors/codes";
import { useEffect, useRef, useState } from "react";
import { navigate, useLocation } from "../../platform/router";
import { useMeQuery } from "../accounts/accountApi";
import { useAddToCartMutation } from "../cart/cartApi";
import { money } from "../cart/money";
import { AddedToCart, addFailedUrl } from "../catalog/AddedToCart";
import {
  useAddToWishlistMutation,
  useRemoveFromWishlistMutation,
  useWishlistQuery,
  type WishlistItemView,
} from "./wishlistApi";
import "./wishlist.css";

type Notice = { tone: "positive" | "negative" | "neutral"; text: string; viewCart?: boolean };

/** A refused write's message (the server names the SKU and why), or a generic one when there is no answer. */
const refusal = (error: unknown, fallback: string): Notice => ({
  tone: "negative",
  text: errorAnswerOf(error)?.metadata.message ?? fallback,
});

/**
 * /account/wishlist/ (storefront §2). `?add={sku}` keeps that SKU, then the address drops the parameter
 * (a reload adds nothing). Anonymous visitors are sent to sign in first: the server redirects them.
 */
export function WishlistPage() {
  const { data: me, isLoading } = useMeQuery();
  const { search } = useLocation();
  if (isLoading) return <p role="status">Loading…</p>;
  if (!me) {
    return (
      <p>
        Please <a href={`/account/login/?next=${encodeURIComponent(`/account/wishlist/${search}`)}`}>sign in</a> to use
        your wishlist.
      </p>
    );
  }
  return <Wishlist add={new URLSearchParams(search).get("add")} />;
}

function Wishlist({ add }: { add: string | null }) {
  const { data, isLoading, isError } = useWishlistQuery();
  const [keep] = useAddToWishlistMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!add || asked.current === add) return;
    asked.current = add;
    void keep(add)
      .unwrap()
      .then(
        (answer) => setNotice({ tone: "positive", text: answer.metadata.message ?? "" }),
        (error) => setNotice(refusal(error, `Sorry, ${add} could not be added to your wishlist. Please try again.`)),
      )
      .finally(() => navigate("/account/wishlist/", { replace: true, scroll: false }));
  }, [add, keep]);

  return (
    <section className="wishlist-page">
      <h1>Your Wishlist</h1>
      <div aria-live="polite">
        {notice && (
          <p role={notice.tone === "negative" ? "alert" : "status"} className={`alert ${notice.tone}`}>
            {notice.text}
          </p>
        )}
        {notice?.viewCart && <AddedToCart />}
      </div>
      {isLoading ? (
        <p role="status">Loading your wishlist…</p>
      ) : isError || !data ? (
        <p role="alert" className="alert negative">
          Your wishlist could not be loaded. Please refresh this page and try again.
        </p>
      ) : data.items.length === 0 ? (
        <p>
          Your wishlist is empty. <a href="/store/">Continue shopping</a>
        </p>
      ) : (
        <ul className="wishlist-items">
          {data.items.map((item) => (
            <WishlistRow key={item.sku_code} item={item} onNotice={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistRow({ item, onNotice }: { item: WishlistItemView; onNotice(notice: Notice | null): void }) {
  const [remove, removing] = useRemoveFromWishlistMutation();
  const [addToCart, adding] = useAddToCartMutation();
  const canBuy = item.available && !item.is_sold_out;

  const buy = async () => {
    onNotice(null);
    const answer = await addToCart({ [item.sku_code]: 1 });
    if ("data" in answer && answer.data?.metadata?.success) onNotice({ tone: "neutral", text: "", viewCart: true });
    else window.location.assign(addFailedUrl(item.sku_code, 1)); // §8: add to cart failure goes to the cart page
  };
  const drop = async () => {
    const answer = await remove(item.sku_code);
    onNotice(
      "data" in answer && answer.data
        ? { tone: "positive", text: answer.data.metadata.message ?? "" }
        : refusal(answer.error, "The item could not be removed. Please refresh this page and try again."),
    );
  };

  return (
    <li className="wishlist-item">
      {item.image && <img src={item.image} alt="" width={64} height={64} loading="lazy" />}
      <div className="wishlist-item-text">
        <a href={item.url} className="wishlist-item-title">
          {item.title}
        </a>
        {item.format && <span className="wishlist-item-format"> {item.format}</span>}
        <p className="price">
          {item.original_price && <s>{money(item.original_price)}</s>} <strong>{money(item.price)}</strong>
        </p>
        {!item.available ? (
          <p className="notice">No longer available</p>
        ) : item.is_sold_out ? (
          <p className="notice">Sold out</p>
        ) : item.is_backordered ? (
          <p className="notice">Backordered</p>
        ) : null}
      </div>
      <div className="wishlist-item-actions">
        {canBuy && (
          <button type="button" className="button" disabled={adding.isLoading} onClick={buy}>
            Add to Cart<span className="visually-hidden"> {item.title}</span>
          </button>
        )}
        <button type="button" className="button secondary" disabled={removing.isLoading} onClick={drop}>
          Remove<span className="visually-hidden"> {item.title}</span>
        </button>
      </div>
    </li>
  );
}
