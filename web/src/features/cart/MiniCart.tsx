import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { homeCountry, useCookies } from "../../app/ServerCookies";
import { type MiniCartItem, useMiniCartQuery } from "./cartApi";
import { ProductImage } from "../catalog/ProductImage";
import { money } from "./money";

export const MINI_CART_LIMIT = 5;

/**
 * §9: '(1 item)' or '(N items)', goods only (issue 26 §5: a gift is not an item, and its quantity is
 * an amount); gifts are named apart: '(1 item, 2 gifts)', or '(2 gifts)' with no goods.
 */
export function itemCountText(items: MiniCartItem[]): string {
  const goods = items.reduce((sum, item) => sum + (item.user_defined_price ? 0 : item.quantity), 0);
  const gifts = items.filter((item) => item.user_defined_price).length;
  const parts = [
    ...(goods > 0 || gifts === 0 ? [goods === 1 ? "1 item" : `${goods} items`] : []),
    ...(gifts > 0 ? [gifts === 1 ? "1 gift" : `${gifts} gifts`] : []),
  ];
  return `(${parts.join(", ")})`;
}

/**
 * The header's cart dropdown: loaded only when the home country is the United States (§1, §6).
 * Where it shows nothing (another country, an empty cart) the header shows `fallback` instead.
 */
export function MiniCart({ fallback = null }: { fallback?: ReactNode }) {
  const cookies = useCookies();
  if (homeCountry(cookies) !== "United States") return fallback;
  return <MiniCartButton fallback={fallback} />;
}

function MiniCartButton({ fallback }: { fallback: ReactNode }) {
  const { data, isError } = useMiniCartQuery();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, [open]);

  // §4: visible when items exist; hidden when empty or on failure (the count cleared with it).
  const items = data?.metadata?.success ? data.items : [];
  if (isError || items.length === 0) return fallback;
  return (
    <div className="mini-cart" ref={box}>
      <button
        type="button"
        className="mini-cart-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Cart <span className="mini-cart-count">{itemCountText(items)}</span>
      </button>
      <div id={panelId} className="mini-cart-panel" hidden={!open}>
        <ul>
          {items.slice(0, MINI_CART_LIMIT).map((item) => (
            <li key={item.sku_code}>
              {item.image ? (
                <ProductImage url={item.image} width={48} sizes="48px" className="mini-cart-image" />
              ) : null}
              {item.url ? <a href={item.url}>{item.title}</a> : <span>{item.title}</span>}
              <span>{item.user_defined_price ? money(item.quantity) : `Qty ${item.quantity}`}</span>
            </li>
          ))}
        </ul>
        <a className="button" href="/store/cart/">
          View Cart
        </a>
      </div>
    </div>
  );
}
