import { useId, useState } from "react";
import { type Relation, useSiblingsQuery, useSkusQuery } from "./catalogApi";
import type { Product, ProductCard, Sku } from "./catalogTypes";

/** A pack's item is a SKU: shown as its product's card (quick view asks for the product). */
const skuAsCard = (sku: Sku): ProductCard => ({
  id: sku.product_id ?? sku.id,
  title: sku.name,
  url: sku.url,
  image: sku.image,
  price: sku.price,
  original_price: sku.original_price,
  format: sku.format,
  is_sold_out: sku.is_sold_out,
});
import { ProductGrid } from "./ProductGrid";

/** §9: what's included shows the first 3 and a 'Show all N items' button when there are more than 4. */
export const INCLUDED_SHOWN = 3;
export const includedVisible = (total: number, showAll: boolean) => (showAll || total <= 4 ? total : INCLUDED_SHOWN);

/** The five sliders of the product page: what's included, better together, more in series, more by author, recommended. */
export function ProductSliders({ product }: { product: Product }) {
  const slider = (relation: Relation) => ({ id: product.id, relation, template: "side_scrolling", count: 24 });
  const hasIncludes = (product.includes?.length ?? 0) > 0;
  const included = useSkusQuery(
    { pack_includes: product.id, template: "whats_included", count: -1 },
    { skip: !hasIncludes },
  );
  const together = useSiblingsQuery(slider("better_together"), { skip: !product.better_together?.length });
  const series = useSiblingsQuery(slider("series"), { skip: !product.series });
  const author = useSiblingsQuery(slider("author"), { skip: !product.author });
  const recommended = useSiblingsQuery(slider("recommended"), { skip: !product.recommended?.length });
  return (
    <>
      <WhatsIncluded items={(included.data?.items ?? []).map(skuAsCard)} total={included.data?.total ?? 0} />
      <Slider title="Better together" items={together.data?.items} />
      <Slider title="More in this series" items={series.data?.items} />
      <Slider title="More by this author" items={author.data?.items} />
      <Slider title="Recommended" items={recommended.data?.items} />
    </>
  );
}

function WhatsIncluded({ items, total }: { items: ProductCard[]; total: number }) {
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const count = Math.max(total, items.length);
  if (!items.length) return null;
  return (
    <section className="slider whats-included" aria-labelledby={headingId}>
      <h2 id={headingId}>What’s included</h2>
      <ProductGrid items={items.slice(0, includedVisible(count, showAll))} label="What’s included" />
      {!showAll && count > 4 && (
        <button type="button" onClick={() => setShowAll(true)}>
          Show all {count} items
        </button>
      )}
    </section>
  );
}

function Slider({ title, items }: { title: string; items?: ProductCard[] }) {
  const headingId = useId();
  if (!items?.length) return null;
  return (
    <section className="slider" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ProductGrid items={items} label={title} />
    </section>
  );
}
