import type { Facet } from "../catalog/catalogTypes";
import { categoryLabel } from "@shop/shared/catalog/category-labels";

/** Links to the store list filtered by each category (the list's hash), the fullest first. */
export function CategoryLinks({ facets, title = "Shop by category" }: { facets: Facet[]; title?: string }) {
  if (!facets.length) return null;
  return (
    <section className="home-section" aria-labelledby="categories-heading">
      <h2 id="categories-heading">{title}</h2>
      <ul className="category-links">
        {facets.slice(0, 8).map((f) => (
          <li key={f.value}>
            <a href={`/store/#${new URLSearchParams({ category: f.value })}`}>
              <span>{categoryLabel(f.value)}</span>
              <span className="category-count">{f.count === 1 ? "1 product" : `${f.count} products`}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
