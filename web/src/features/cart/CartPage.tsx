import { type FormEvent, useEffect, useRef, useState } from "react";
import { usePageNotice } from "../../app/ServerCookies";
import { useMeQuery } from "../accounts/accountApi";
import { type Cart, type CartItem, useAddToCartMutation, useApplyDiscountsMutation, useCartQuery } from "./cartApi";
import { CouponBox } from "./CouponBox";
import { CartGifts, giftDollars } from "./CartGifts";
import { money, toQuantity } from "./money";
import { type Notice, useCartEditor } from "./useCartEditor";
import { ProductImage } from "../catalog/ProductImage";
import "./cart.css";

const AUTO_UPDATE_MS = 700;

/** /store/cart/: items, applied discounts, subtotal and savings, donation, update, coupon and checkout (§2, §4). */
export function CartPage() {
  const { data: cart, isLoading, isError, error } = useCartQuery();
  if (isLoading) return <p role="status">Loading your cart…</p>;
  if (isError || !cart) {
    const first = error && "data" in error ? (error.data as Cart)?.metadata?.errors?.[0] : null;
    return (
      <p role="alert" className="alert negative">
        {first ?? "Your cart could not be loaded. Please refresh this page and try again."}
      </p>
    );
  }
  return <CartForm cart={cart} />;
}

function CartForm({ cart }: { cart: Cart }) {
  const refused = usePageNotice().notice;
  const editor = useCartEditor(cart);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [giftDrafts, setGiftDrafts] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const items = cart.items.filter((i) => !i.user_defined_price);
  const gifts = cart.items.filter((i) => i.user_defined_price);

  const quantities = () =>
    Object.fromEntries(Object.entries(drafts).map(([id, text]) => [Number(id), toQuantity(text)]));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    clearTimeout(timer.current);
    editor.send(quantities(), giftDollars(giftDrafts));
  };
  const edit = (id: number, text: string) => {
    setDrafts({ ...drafts, [id]: text });
    editor.setButton("normal");
    clearTimeout(timer.current); // the update button returns to normal text; the cart updates itself shortly
    const next = { ...quantities(), [id]: toQuantity(text) };
    timer.current = setTimeout(() => editor.send(next, null), AUTO_UPDATE_MS);
  };
  const remove = (item: CartItem) => {
    clearTimeout(timer.current);
    setDrafts(({ [item.id]: _, ...rest }) => rest);
    editor.send({ ...quantities(), [item.id]: 0 }, null, item); // §4: removing sets the quantity to 0
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // A newer cart (this tab's answer, another tab's change) replaces what was typed into the boxes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cart is the trigger, not an input
  useEffect(() => {
    setDrafts({});
    setGiftDrafts({});
  }, [cart]);
  const draftGift = (code: string, text: string) => {
    setGiftDrafts((now) => ({ ...now, [code]: text }));
    editor.setButton("normal");
  };
  const saveGift = (code: string, cents: number) => {
    clearTimeout(timer.current);
    editor.send(quantities(), { [code]: cents / 100 });
  };
  const removeGift = (gift: CartItem) => {
    clearTimeout(timer.current);
    editor.send(quantities(), { [gift.sku_code]: 0 }, gift);
  };

  return (
    <div className="cart-page">
      <h1>Your Cart</h1>
      {/* §7: a refused add from /store/cart/?{sku}={qty}&add-to-cart (the server adds, then says why not). */}
      {refused && (
        <p role="alert" className="alert negative">
          {refused}
        </p>
      )}
      <CartNotice notice={editor.notice} onUndone={() => editor.setNotice(null)} />
      {items.length === 0 && gifts.length === 0 ? (
        <p className="empty-cart">
          Your cart is empty. <a href="/store/">Continue shopping</a>
        </p>
      ) : null}
      <form onSubmit={submit} noValidate>
        {items.length > 0 && (
          <table className="cart-items">
            <caption className="visually-hidden">Items in your cart</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td data-label="Item">
                    {item.image ? (
                      <ProductImage url={item.image} width={64} sizes="64px" className="cart-line-image" />
                    ) : null}
                    <a href={item.url ?? `/store/sku/${encodeURIComponent(item.sku_code)}`}>
                      {item.title ?? item.sku_code}
                    </a>
                    {item.format && <span className="cart-item-format"> {item.format}</span>}
                  </td>
                  <td data-label="Price">{money(item.original_price)}</td>
                  <td data-label="Quantity">
                    <input
                      aria-label={`Quantity of ${item.title ?? item.sku_code}`}
                      inputMode="numeric"
                      size={4}
                      value={drafts[item.id] ?? String(item.quantity)}
                      onChange={(e) => edit(item.id, e.target.value)}
                    />
                  </td>
                  <td data-label="Total">
                    {money(item.price)}
                    {Number.parseFloat(item.saved) > 0 && <span className="saved"> You save {money(item.saved)}</span>}
                  </td>
                  <td>
                    <button type="button" className="link-button" onClick={() => remove(item)}>
                      Remove<span className="visually-hidden"> {item.title ?? item.sku_code}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <CartGifts gifts={gifts} drafts={giftDrafts} onDraft={draftGift} onSave={saveGift} onRemove={removeGift} />
        <button type="submit" className="update-cart" disabled={editor.button !== "normal"}>
          {editor.button === "updating" ? "Updating..." : editor.button === "updated" ? "Updated" : "Update Cart"}
        </button>
      </form>
      {cart.discounts.length > 0 && <AppliedDiscounts cart={cart} />}
      {Object.entries(cart.dropped_discounts ?? {}).map(([code, why]) => (
        <p key={code} role="status" className="alert neutral">
          {code}: {why}
        </p>
      ))}
      <CouponBox onChange={() => editor.setButton("normal")} />
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(cart.order.subtotal)}</dd>
        </div>
        {Number.parseFloat(cart.order.savings) > 0 && (
          <div>
            <dt>Savings</dt>
            <dd>{money(cart.order.savings)}</dd>
          </div>
        )}
      </dl>
      {(items.length > 0 || gifts.length > 0) && <CheckoutButtons />}
    </div>
  );
}

function AppliedDiscounts({ cart }: { cart: Cart }) {
  const [apply, { isLoading }] = useApplyDiscountsMutation();
  return (
    <table className="applied-discounts">
      <caption>Applied Discounts</caption>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Description</th>
          <th scope="col">Saved</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {cart.discounts.map((d) => (
          <tr key={d.id}>
            <td>{d.code}</td>
            <td>{d.description}</td>
            <td>{money(d.amount_saved)}</td>
            <td>
              {/* §7: a leading minus removes a code. */}
              <button type="button" className="link-button" disabled={isLoading} onClick={() => apply([`-${d.code}`])}>
                Remove<span className="visually-hidden"> {d.code}</span>
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** §8: the cart's alert; after a removal it offers Undo and Add to Wishlist. */
function CartNotice({ notice, onUndone }: { notice: Notice | null; onUndone(): void }) {
  const [add] = useAddToCartMutation();
  if (!notice) return null;
  const { removed } = notice;
  return (
    <p role={notice.tone === "negative" ? "alert" : "status"} className={`alert ${notice.tone}`}>
      {notice.text}
      {removed && (
        <>
          {" "}
          <button
            type="button"
            className="link-button"
            onClick={async () => {
              await add({ [removed.sku_code]: removed.quantity });
              onUndone();
            }}
          >
            Undo
          </button>{" "}
          {!removed.user_defined_price && (
            <a href={`/account/wishlist/?add=${encodeURIComponent(removed.sku_code)}`}>Add to Wishlist</a>
          )}
        </>
      )}
    </p>
  );
}

const SIGN_IN_TO_CHECKOUT = `/account/login/?next=${encodeURIComponent("/store/checkout/")}`;

/**
 * The checkout buttons (storefront §2, §6). A visitor the server does not know gets the login prompt
 * and two ways on: as a guest, or signed in (the login-gated button), which brings this cart into the
 * account's (the carts merge at sign-in) and comes back to checkout. A signed-in shopper gets one button.
 */
function CheckoutButtons() {
  const { data: user, isLoading } = useMeQuery();
  if (isLoading || user)
    return (
      <p className="checkout-buttons">
        <a className="button" href="/store/checkout/">
          Checkout
        </a>
      </p>
    );
  return (
    <div className="checkout-buttons">
      <p className="cart-login-prompt">
        Have an account? Sign in to check out with your saved addresses; this cart comes with you.
      </p>
      <p>
        <a className="button" href={SIGN_IN_TO_CHECKOUT}>
          Sign in and check out
        </a>{" "}
        <a className="button secondary" href="/store/checkout/">
          Checkout as guest
        </a>
      </p>
    </div>
  );
}
