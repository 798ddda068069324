import { type FormEvent, useEffect, useId, useState } from "react";
import { useAddToCartMutation } from "../cart/cartApi";
import { money } from "../cart/money";
import { useQuickViewQuery } from "./catalogApi";
import { productUrl } from "./catalogTypes";
import { ProductImage } from "./ProductImage";
import { AddedToCart, addFailedUrl } from "./AddedToCart";

export const QUICK_VIEW_FAILURE = "The product information you requested could not be retrieved at this time.";

/** §5: digits only, not null, 1 to 999, 3 characters. */
export function quickViewQuantityError(text: string): string | null {
  if (text.trim() === "") return "This field is required.";
  if (!/^\d{1,3}$/.test(text.trim())) return "Enter a whole number from 1 to 999.";
  const n = Number(text);
  return n >= 1 && n <= 999 ? null : "Enter a whole number from 1 to 999.";
}

type Props = { id: number; onClose(): void; onFailure(message: string): void };

export function QuickViewPanel({ id, onClose, onFailure }: Props) {
  const { data, isError, error: loadError } = useQuickViewQuery(id);
  const [quantity, setQuantity] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const [addToCart, { isLoading }] = useAddToCartMutation();
  const headingId = useId();
  const qtyId = useId();

  const failed = isError || data?.ok === false;
  // §8: the server's message when it sends one (an unknown product answers 404 with it), else our own.
  const refusal =
    loadError && "data" in loadError ? (loadError.data as { metadata?: { message?: string } })?.metadata : undefined;
  const message = (data?.ok === false ? data.message : refusal?.message) || QUICK_VIEW_FAILURE;
  useEffect(() => {
    if (failed) onFailure(message);
  }, [failed, message, onFailure]);
  if (!data?.ok) return <p role="status">Loading…</p>;
  const product = data.product;
  const sku = product.sku_code ?? "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = quickViewQuantityError(quantity);
    setError(problem);
    if (problem) return;
    const answer = await addToCart({ [sku]: Number(quantity) });
    if ("data" in answer && answer.data?.metadata?.success) setAdded(true);
    else window.location.assign(addFailedUrl(sku, Number(quantity)));
  };

  return (
    <section className="quick-view" aria-labelledby={headingId}>
      <button type="button" className="quick-view-close" onClick={onClose} aria-label="Close quick view">
        ×
      </button>
      {product.image ? (
        <ProductImage url={product.image} width={200} sizes="200px" eager className="quick-view-image" />
      ) : null}
      <div>
        <h2 id={headingId}>
          <a href={productUrl(product)}>{product.title}</a>
        </h2>
        {product.subtitle && <p className="subtitle">{product.subtitle}</p>}
        {product.format_name && <p>Format: {product.format_name}</p>}
        <p className="price">
          {product.original_price && product.original_price !== product.price && <s>{money(product.original_price)}</s>}{" "}
          {money(product.price)}
        </p>
        {product.isreleased === false && product.release_date && <p>Available {product.release_date}</p>}
        {product.is_backordered && <p className="notice">This item is backordered.</p>}
        {product.restock_future && product.restock_date && (
          <p className="notice">Expected in stock {product.restock_date}.</p>
        )}
        {product.description && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the catalog's description HTML, from our own server; the CSP runs no inline script
          <div className="quick-view-description" dangerouslySetInnerHTML={{ __html: product.description }} />
        )}
        {product.is_sold_out ? (
          <p className="notice">Sold out</p>
        ) : (
          <form action="/store/cart/" method="get" onSubmit={submit} noValidate>
            <input type="hidden" name="add-to-cart" value="" />
            <label htmlFor={qtyId}>Quantity</label>
            <input
              id={qtyId}
              name={sku}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={3}
              size={3}
              value={quantity}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setQuantity(e.target.value.replace(/\D/g, "").slice(0, 3))}
            />
            <button type="submit" disabled={isLoading}>
              Add to Cart
            </button>
            {error && <p className="field-error">{error}</p>}
            {added && <AddedToCart />}
          </form>
        )}
      </div>
    </section>
  );
}
