import { type FormEvent, useId, useState } from "react";
import { membershipVariantOf, quickCheckoutPath } from "@shop/shared/checkout/membership-sku";
import { useAddToCartMutation } from "../cart/cartApi";
import { money, toQuantity } from "../cart/money";
import { AddedToCart, addFailedUrl } from "./AddedToCart";
import { type Product, type Sku, skuAttributes } from "./catalogTypes";
import { Overlay } from "./Overlay";
import { enabledValues, lowestTierPrice, optionAttributes, pick, resolve, SELECT_AN_OPTION } from "./productOptions";

type Props = { product: Product; skus: Sku[]; initial: Sku };

const today = () => new Date().toISOString().slice(0, 10);

/** One format's options, price, stock messages and the purchase buttons (§4 Product options). */
export function ProductPurchase({ product, skus, initial }: Props) {
  const attrs = optionAttributes(product.attributes ?? [], skus);
  const [picked, setPicked] = useState<Record<string, string>>(() =>
    attrs.length ? Object.fromEntries(attrs.map((a) => [a.slug, skuAttributes(initial)[a.slug]])) : {},
  );
  const [quantity, setQuantity] = useState("1");
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const [overlay, setOverlay] = useState<"bulk" | "digital" | null>(null);
  const [addToCart, { isLoading }] = useAddToCartMutation();
  const qtyId = useId();

  const { selected, cheapest } = attrs.length ? resolve(attrs, skus, picked) : { selected: initial, cheapest: initial };
  const shown = selected ?? cheapest;
  const code = selected?.sku ?? "";
  const lowest = selected ? lowestTierPrice(selected) : null;

  const needsChoice = (event?: FormEvent) => {
    event?.preventDefault();
    if (selected) return false;
    setProblem(SELECT_AN_OPTION);
    return true;
  };
  const submit = async (event: FormEvent) => {
    if (needsChoice(event)) return;
    const qty = toQuantity(quantity) || 1;
    const answer = await addToCart({ [code]: qty });
    if ("data" in answer && answer.data?.metadata?.success) setAdded(true);
    else window.location.assign(addFailedUrl(code, qty));
  };
  // §4: gift is enabled by a full match like add-to-cart. A gift is bought like any item; who receives it
  // is told at checkout (delivery 'other', or a digital delivery email 'other (a gift)'), so it goes to the cart.
  const giveAsGift = async () => {
    if (needsChoice()) return;
    const qty = toQuantity(quantity) || 1;
    const answer = await addToCart({ [code]: qty });
    window.location.assign(
      "data" in answer && answer.data?.metadata?.success ? "/store/cart/" : addFailedUrl(code, qty),
    );
  };

  return (
    <form className="purchase" action="/store/cart/" method="get" onSubmit={submit} noValidate>
      {attrs.map((attr, index) => {
        const enabled = enabledValues(attrs, skus, picked, index);
        return (
          <label key={attr.slug} className="option">
            {attr.title}{" "}
            <select
              value={picked[attr.slug] ?? ""}
              onChange={(e) => {
                setProblem(null);
                setAdded(false);
                setPicked(pick(attrs, skus, picked, attr.slug, e.target.value));
              }}
            >
              <option value="">Choose {attr.title.toLowerCase()}</option>
              {attr.values.map((v) => (
                <option key={v.value} value={v.value} disabled={!enabled.has(v.value)}>
                  {v.label}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      {shown && (
        <p className="price">
          {!selected && attrs.length > 0 ? "From " : ""}
          {shown.original_price && shown.original_price !== shown.price && <s>{money(shown.original_price)}</s>}{" "}
          <strong>{money(shown.price)}</strong>
        </p>
      )}
      {lowest && (
        <button type="button" className="link-button" onClick={() => setOverlay("bulk")}>
          Bulk pricing as low as {money(lowest)}
        </button>
      )}
      {selected?.is_backordered && (
        <p className="notice">This item is backordered. We will ship it as soon as it arrives.</p>
      )}
      {selected?.restock_future && selected.restock_date && selected.restock_date > today() && (
        <p className="notice">Expected back in stock on {selected.restock_date}.</p>
      )}
      {selected && !selected.allow_returns && <p className="notice">This item cannot be returned.</p>}
      {selected?.digital && (
        <button type="button" className="link-button" onClick={() => setOverlay("digital")}>
          Digital download info
        </button>
      )}
      {selected?.is_sold_out ? (
        <p className="notice sold-out">Sold out</p>
      ) : selected && membershipVariantOf({ code: selected.sku, format: selected.format }) ? (
        // A membership names its passholders: it is bought through the quick checkout, not the cart.
        <div className="purchase-buttons">
          <a className="button" href={quickCheckoutPath(selected.sku)}>
            Buy
          </a>
        </div>
      ) : (
        <div className="purchase-buttons">
          <label htmlFor={qtyId}>Quantity</label>
          <input
            id={qtyId}
            inputMode="numeric"
            size={3}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
          <button type="submit" aria-disabled={!selected} disabled={isLoading}>
            Add to Cart
          </button>
          <button
            type="button"
            className="secondary"
            aria-disabled={!selected}
            disabled={isLoading}
            onClick={giveAsGift}
          >
            Give as a Gift
          </button>
          {selected ? (
            <a className="button secondary" href={`/account/wishlist/?add=${encodeURIComponent(code)}`}>
              Add to Wishlist
            </a>
          ) : (
            <button type="button" className="secondary" aria-disabled="true" onClick={() => needsChoice()}>
              Add to Wishlist
            </button>
          )}
        </div>
      )}
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      {added && <AddedToCart />}
      {overlay === "bulk" && selected && (
        <Overlay title="Bulk pricing" onClose={() => setOverlay(null)}>
          <table>
            <thead>
              <tr>
                <th scope="col">Quantity</th>
                <th scope="col">Price each</th>
              </tr>
            </thead>
            <tbody>
              {(selected.price_tiers ?? []).map((tier) => (
                <tr key={tier.min_quantity}>
                  <td>{tier.min_quantity}+</td>
                  <td>{money(tier.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Overlay>
      )}
      {overlay === "digital" && (
        <Overlay title="Digital download" onClose={() => setOverlay(null)}>
          <p>
            This is a digital download. After your order is complete, a download link is sent to your delivery email
            address and appears in your account. Nothing is shipped.
          </p>
        </Overlay>
      )}
    </form>
  );
}
