import { type FormEvent, useEffect, useState } from "react";
import { categoryLabel } from "@shop/shared/catalog/category-labels";
import { navigate, useLocation } from "../../platform/router";
import { useProductListQuery, VIEW_MORE_COUNT, type ListQuery } from "./catalogApi";
import type { Facet } from "./catalogTypes";
import { listHash, parseListHash } from "./listHash";
import { ProductGrid } from "./ProductGrid";
import "./catalog.css";

const SORTS = [
  { value: "", label: "Best match" },
  { value: "title", label: "Title A–Z" },
  { value: "-title", label: "Title Z–A" },
  { value: "price", label: "Price: low to high" },
  { value: "-price", label: "Price: high to low" },
  { value: "-release_date", label: "Newest" },
];
const LABELS: Record<string, string> = {
  in_stock: "In stock",
  backorder: "Backordered",
  sold_out: "Sold out",
  "0-999": "Under $10",
  "1000-2499": "$10 to $24.99",
  "2500-4999": "$25 to $49.99",
  "5000-": "$50 and up",
};
/** A facet value as shoppers read it: stock and price labels here, categories by their shared names. */
const label = (value: string) => LABELS[value] ?? categoryLabel(value);
const FILTER_TITLES: Record<string, string> = {
  category: "Category",
  format: "Format",
  price: "Price",
  availability: "Availability",
};

/** The query-set list page: search, sort, filter and view more, all held in the URL hash (§2, §9). */
export function ProductListPage() {
  const { hash } = useLocation();
  const query = parseListHash(hash);
  const { data, isError, isFetching } = useProductListQuery(query);
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);

  const go = (next: Partial<ListQuery>) =>
    navigate(`/store/${listHash({ ...query, start: 0, ...next })}`, { replace: true, scroll: false });
  const search = (event: FormEvent) => {
    event.preventDefault();
    go({ q: text.trim() });
  };
  const setFilter = (key: string, value: string) => go({ filters: { ...query.filters, [key]: value } });

  return (
    <div className="product-list-page">
      <h1>{query.q ? `Results for “${query.q}”` : "Shop"}</h1>
      <search>
        <form className="list-search" onSubmit={search}>
          <label htmlFor="list-q">Search the store</label>
          <input id="list-q" type="search" value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit">Search</button>
        </form>
      </search>
      <div className="list-tools">
        <label>
          Sort by{" "}
          <select value={query.sort} onChange={(e) => go({ sort: e.target.value })}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {Object.entries(data?.facets ?? {}).map(([key, facets]) => (
          <FilterSelect
            key={key}
            name={key}
            facets={facets}
            value={query.filters[key] ?? ""}
            onChange={(v) => setFilter(key, v)}
          />
        ))}
      </div>
      {isError ? (
        <p role="alert" className="alert negative">
          Failed to load results. Please refresh and try again.
        </p>
      ) : (
        data && (
          <>
            <p className="list-count" role="status">
              {data.total === 0
                ? "No products match."
                : `Showing ${query.start + 1}–${query.start + data.items.length} of ${data.total}`}
            </p>
            <ProductGrid items={data.items} label="Products" />
            {query.start + data.items.length < data.total && (
              <button
                type="button"
                className="view-more"
                disabled={isFetching}
                onClick={() => go({ start: query.start, count: query.count + VIEW_MORE_COUNT })}
              >
                View more
              </button>
            )}
          </>
        )
      )}
    </div>
  );
}

type FilterProps = { name: string; facets: Facet[]; value: string; onChange(value: string): void };

function FilterSelect({ name, facets, value, onChange }: FilterProps) {
  const title = FILTER_TITLES[name] ?? name.replace(/_/g, " ");
  return (
    <label>
      {title}{" "}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {facets.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label ?? label(f.value)} ({f.count})
          </option>
        ))}
      </select>
    </label>
  );
}
