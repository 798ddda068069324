import { availabilityOf, formatCents, restockInFuture } from "@shop/shared";
import type { ProductCard, ProductDetail, SkuCard } from "@shop/shared/catalog/api";
import type { ProductCardRow, ProductListRow, SkuListRow } from "@shop/projections";
import { coverOfProduct, coverUrl, imageSources, productImageUrl } from "@shop/shared/media/images";

// Read-model rows as the storefront's JSON: money formatted from cents at the edge (DESIGN §2).

const money = (cents: number) => ({ price: formatCents(cents), price_float: cents / 100, price_cents: cents });
const productUrl = (id: number) => `/store/products/${id}/`;

// One formatter per zone, kept: building one costs about 60 µs and an ICU calendar in native memory,
// on every list, search and product page request.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date on the site's calendar (yyyy-mm-dd), for restock and release dates. */
export function siteToday(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** A SKU's product image, else its product's cover (a SKU of no product has none). */
function skuImage(r: SkuListRow): string | null {
  if (r.product_id === null || r.product_title === null) return null;
  const product = {
    id: r.product_id,
    title: r.product_title,
    categories: r.product_categories,
    formats: r.product_formats,
  };
  return productImageUrl(r.product_images, coverOfProduct(product));
}

export function skuCard(r: SkuListRow, today: string): SkuCard {
  const availability = availabilityOf(r);
  return {
    id: r.id,
    sku: r.sku,
    name: r.name,
    product_id: r.product_id,
    url:
      r.product_id === null
        ? `/store/sku/${encodeURIComponent(r.sku)}`
        : `${productUrl(r.product_id)}?sku=${encodeURIComponent(r.sku)}`,
    image: skuImage(r),
    category: r.category,
    format: r.format,
    upc: r.upc,
    isbn: r.isbn,
    dimensions: r.dimensions,
    ...money(r.price_cents),
    original_price: r.original_price_cents === null ? null : formatCents(r.original_price_cents),
    original_price_cents: r.original_price_cents,
    price_tiers: r.price_tiers.map((t) => ({
      min_quantity: t.minQuantity,
      price: formatCents(t.priceCents),
      price_cents: t.priceCents,
    })),
    stock: r.stock,
    is_sold_out: availability === "sold_out",
    is_backordered: availability === "backorder",
    restock_future: restockInFuture(r.restock_date, today),
    restock_date: r.restock_date,
    allow_returns: r.allow_returns,
    digital: r.digital,
    user_defined_price: r.user_defined_price,
    campaign: r.campaign,
    attributes: Object.entries(r.attributes).map(([slug, value]) => ({ slug, value })),
    active: r.active,
  };
}

export function productCard(p: ProductCardRow): ProductCard {
  return {
    id: p.id,
    title: p.title,
    subtitle: p.subtitle,
    slug: p.slug,
    url: productUrl(p.id),
    image: productImageUrl(p.images, coverOfProduct(p)),
    author: p.author,
    series: p.series,
    release_date: p.release_date,
    categories: p.categories,
    formats: p.formats,
    ...money(p.min_price_cents ?? 0),
    max_price_cents: p.max_price_cents ?? 0,
    availability: p.availability,
    is_sold_out: p.availability === "sold_out",
  };
}

export const isReleased = (releaseDate: string | null, today: string) => releaseDate === null || releaseDate <= today;

export function productDetail(p: ProductListRow, skus: SkuListRow[], today: string): ProductDetail {
  const active = skus.filter((s) => s.active);
  return {
    id: p.id,
    title: p.title,
    subtitle: p.subtitle,
    slug: p.slug,
    url: productUrl(p.id),
    description: p.description,
    author: p.author,
    series: p.series,
    release_date: p.release_date,
    isreleased: isReleased(p.release_date, today),
    attributes: p.attributes,
    sku_attributes: Object.fromEntries(active.map((s) => [s.sku, s.attributes])),
    images: p.images.length > 0 ? p.images : [{ url: coverUrl(coverOfProduct(p)), alt: p.title }],
    samples: p.samples,
    includes: p.includes,
    better_together: p.better_together,
    recommended: p.recommended,
    skus: active.map((s) => skuCard(s, today)),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A list item rendered for a slider or panel (`template`): the same card markup for SKUs and products. */
export function cardHtml(
  template: string,
  item: { url: string; image: string | null; price: string },
  title: string,
  subtitle: string,
) {
  const sources = item.image ? imageSources(item.image) : null;
  const srcset = sources?.srcSet ? ` srcset="${escapeHtml(sources.srcSet)}" sizes="150px"` : "";
  const image = sources
    ? `<img src="${escapeHtml(sources.src)}"${srcset} alt="" loading="lazy" decoding="async" width="150" height="200">`
    : "";
  return `<a class="catalog-card catalog-card--${escapeHtml(template)}" href="${escapeHtml(item.url)}">${image}<span class="catalog-card__title">${escapeHtml(title)}</span>${
    subtitle ? `<span class="catalog-card__subtitle">${escapeHtml(subtitle)}</span>` : ""
  }<span class="catalog-card__price">$${escapeHtml(item.price)}</span></a>`;
}
