import { useEffect, useState } from "react";
import { navigate, useLocation } from "../../platform/router";
import { NotFoundPage } from "../layout/NotFoundPage";
import { type ProductRef, useLazyProductDescriptionQuery, useProductQuery } from "./catalogApi";
import { type Product, type Sku, productUrl } from "./catalogTypes";
import { Overlay } from "./Overlay";
import { ProductPurchase } from "./ProductPurchase";
import { ProductSliders } from "./ProductSliders";
import { SampleSlider } from "./SampleSlider";
import { ProductImage } from "./ProductImage";
import "./catalog.css";

/** /store/products/{id}/ and /store/sku/{sku_code}: format tabs, options, purchase, samples and the five sliders. */
export function ProductPage({ params }: { params: Record<string, string> }) {
  const ref: ProductRef = params.id ? { id: Number(params.id) } : { sku: params.code };
  const { data: product, error, isLoading } = useProductQuery(ref);
  useEffect(() => {
    if (product) document.title = `${product.title} | Ark & Answers Store`;
  }, [product]);
  if (isLoading) return <p role="status">Loading…</p>;
  if (!product) {
    if (error && "status" in error && error.status === 404) return <NotFoundPage />;
    return <p role="alert">Our server seems to be acting up. Please come back and try again later.</p>;
  }
  return <ProductView product={product} skuCode={params.code} />;
}

function initialSku(product: Product, search: string, skuCode?: string): Sku {
  const wanted = new URLSearchParams(search).get("sku") ?? skuCode;
  const byParam = product.skus.find((s) => s.sku === wanted || String(s.id) === wanted);
  return byParam ?? product.skus.find((s) => !s.is_sold_out) ?? product.skus[0];
}

function ProductView({ product, skuCode }: { product: Product; skuCode?: string }) {
  const { pathname, search } = useLocation();
  const current = initialSku(product, search, skuCode);
  const formats = [...new Set(product.skus.map((s) => s.format))];
  const [fullDescription, setFullDescription] = useState<string | null>(null);
  const [loadDescription] = useLazyProductDescriptionQuery();
  const media = Number.parseInt(new URLSearchParams(search).get("media") ?? "", 10);

  // §2: a format tab puts its SKU in the URL's sku parameter.
  const chooseFormat = (format: string) => {
    if (format === current?.format) return;
    const sku =
      product.skus.find((s) => s.format === format && !s.is_sold_out) ?? product.skus.find((s) => s.format === format);
    if (sku) navigate(`${pathname}?sku=${encodeURIComponent(sku.sku)}`, { replace: true, scroll: false });
  };
  const openDescription = async () => {
    const answer = await loadDescription(product.id, true);
    // §8: a failed description fetch goes to the product's own page.
    if (answer.data === undefined) window.location.assign(productUrl(product));
    else setFullDescription(answer.data);
  };

  return (
    <article className="product-page">
      <div className="product-top">
        <div className="product-media">
          {product.images?.[0] ? (
            <ProductImage
              url={product.images[0].url}
              alt={product.images[0].alt || product.title}
              width={480}
              sizes="(max-width: 767px) 65vw, 480px"
              eager
              className="product-page-image"
            />
          ) : null}
          {product.samples?.length ? <SampleSlider samples={product.samples} openAt={media} /> : null}
        </div>
        <div className="product-info">
          <h1>{product.title}</h1>
          {product.subtitle && <p className="subtitle">{product.subtitle}</p>}
          {product.author && <p className="author">By {product.author}</p>}
          {formats.length > 1 && (
            <fieldset className="format-tabs">
              <legend className="visually-hidden">Format</legend>
              {formats.map((format) => (
                <button
                  key={format}
                  type="button"
                  aria-pressed={format === current?.format}
                  onClick={() => chooseFormat(format)}
                >
                  {format}
                </button>
              ))}
            </fieldset>
          )}
          {current && (
            <ProductPurchase
              key={current.format}
              product={product}
              skus={product.skus.filter((s) => s.format === current.format)}
              initial={current}
            />
          )}
          {product.short_description && <p>{product.short_description}</p>}
          <button type="button" className="link-button" onClick={openDescription}>
            Read the full description
          </button>
        </div>
      </div>
      {fullDescription !== null && (
        <Overlay title={product.title} onClose={() => setFullDescription(null)}>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the catalog's description HTML, from our own server; the CSP runs no inline script */}
          <div dangerouslySetInnerHTML={{ __html: fullDescription }} />
        </Overlay>
      )}
      <ProductSliders product={product} />
    </article>
  );
}
