import type { ProductCard } from "@shop/shared/catalog/api";
import { money } from "../cart/money";

/** The first letters of a title's first two words: the image slot's stand-in until the product has an image. */
const initials = (title: string) =>
  title
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join("");

/** A product on the home page: the image slot keeps its square before and after the image loads (no shift). */
export function HomeProductCard({ product }: { product: ProductCard }) {
  const from = product.max_price_cents > product.price_cents;
  return (
    <li className="home-card">
      <a href={product.url} className="home-card-link">
        <span className="image-slot">
          {product.image ? (
            <img src={product.image} alt="" loading="lazy" width="400" height="400" />
          ) : (
            <span className="image-placeholder" aria-hidden="true">
              {initials(product.title)}
            </span>
          )}
        </span>
        <span className="home-card-title">{product.title}</span>
      </a>
      <span className="home-card-price">
        {from ? "From " : ""}
        {money(product.price)}
      </span>
    </li>
  );
}
