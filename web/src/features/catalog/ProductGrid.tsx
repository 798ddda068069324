import { Fragment, useState } from "react";
import { money } from "../cart/money";
import { type ProductCard, productUrl } from "./catalogTypes";
import { ProductImage } from "./ProductImage";
import { QuickViewPanel } from "./QuickViewPanel";

/** Product cards with quick view: one panel open per list; clicking the active item's button closes it (§4). */
export function ProductGrid({ items, label }: { items: ProductCard[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      {failure && (
        <p role="alert" className="alert negative">
          {failure}
        </p>
      )}
      <ul className="product-grid" aria-label={label}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a pack may list two SKUs of one product; a list is replaced, never reordered
          <Fragment key={`${item.id}:${index}`}>
            <li className={`product-card${open === index ? " active" : ""}`}>
              <a href={productUrl(item)} className="product-card-link">
                {item.image ? (
                  <ProductImage
                    url={item.image}
                    width={240}
                    sizes="(max-width: 767px) 45vw, 240px"
                    eager={index < 4}
                    className="product-card-image"
                  />
                ) : null}
                <span className="product-card-title">{item.title}</span>
              </a>
              {item.format || item.formats?.length ? (
                <span className="product-card-format">{item.format ?? item.formats?.join(", ")}</span>
              ) : null}
              <span className="product-card-price">
                {item.original_price && item.original_price !== item.price ? (
                  <s>
                    <span className="visually-hidden">was </span>
                    {money(item.original_price)}
                  </s>
                ) : null}{" "}
                {money(item.price)}
              </span>
              <button
                type="button"
                className="quick-view-toggle"
                aria-expanded={open === index}
                onClick={() => {
                  setFailure(null);
                  setOpen(open === index ? null : index);
                }}
              >
                Quick view<span className="visually-hidden"> of {item.title}</span>
              </button>
            </li>
            {open === index && (
              <li className="quick-view-row">
                <QuickViewPanel
                  id={item.id}
                  onClose={() => setOpen(null)}
                  onFailure={(message) => {
                    setFailure(message);
                    setOpen(null);
                  }}
                />
              </li>
            )}
          </Fragment>
        ))}
      </ul>
    </>
  );
}
