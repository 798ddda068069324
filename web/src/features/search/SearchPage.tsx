import { type FormEvent, useEffect, useState } from "react";
import type { ProductCard } from "@shop/shared/catalog/api";
import { navigate, useLocation } from "../../platform/router";
import { useProductListQuery } from "../catalog/catalogApi";
import { listHash } from "../catalog/listHash";
import { CategoryLinks } from "../home/CategoryLinks";
import { HomeProductCard } from "../home/HomeProductCard";
import { searchUrl } from "../nav/SearchPanel";
import { CATEGORIES_QUERY, productsQuery, SEARCH_IDEAS, searchWords, useSearchPagesQuery } from "./siteSearchApi";
import "../home/home.css";
import "./search.css";

/** Search across the site (spec 26.4): store products and content pages, each in its own section. */
export function SearchPage() {
  const q = searchWords(useLocation().search);
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const products = useProductListQuery(productsQuery(q), { skip: !q });
  const pages = useSearchPagesQuery(q, { skip: !q });
  const categories = useProductListQuery(CATEGORIES_QUERY);
  const loading = products.isFetching || pages.isFetching;
  const found = (products.data?.total ?? 0) + (pages.data?.total ?? 0);
  const done = !loading && products.data && pages.data;

  // The section with something in it comes first (a page search finds no product, and the reverse).
  const order = !products.data?.total && pages.data?.total ? ["pages", "products"] : ["products", "pages"];
  const productsSection = (
    <section key="products" id="products-found" className="search-section" aria-labelledby="products-found-heading">
      <h2 id="products-found-heading">Products</h2>
      {products.data?.items.length ? (
        <>
          <ul className="home-products">
            {(products.data.items as ProductCard[]).map((p) => (
              <HomeProductCard key={p.id} product={p} />
            ))}
          </ul>
          {(products.data.total ?? 0) > products.data.items.length ? (
            <p>
              <a href={`/store/${listHash({ ...productsQuery(q), count: 24 })}`}>
                See all {products.data.total} products
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <p>No products match.</p>
      )}
    </section>
  );
  const pagesSection = (
    <section key="pages" id="pages-found" className="search-section" aria-labelledby="pages-found-heading">
      <h2 id="pages-found-heading">Pages</h2>
      {pages.data?.items.length ? (
        <ul className="page-hits">
          {pages.data.items.map((hit) => (
            <li key={hit.url}>
              <a href={hit.url}>{hit.title}</a>
              {hit.summary ? <p>{hit.summary}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No pages match.</p>
      )}
    </section>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) navigate(searchUrl(text));
  };
  return (
    <div className="search-page">
      <h1>{q ? `Results for “${q}”` : "Search"}</h1>
      <search>
        <form className="search-form" action="/search/" onSubmit={submit}>
          <label htmlFor="search-q">Search products and pages</label>
          <input id="search-q" name="q" type="search" value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit">Search</button>
        </form>
      </search>
      <p className="search-status" role="status" aria-busy={loading}>
        {loading ? "Searching…" : done ? `${found === 1 ? "1 result" : `${found} results`}` : ""}
      </p>
      {q && loading ? <div className="search-loading" aria-hidden="true" /> : null}
      {q && done && found > 0 ? (
        <>
          <nav className="search-jump" aria-label="Result sections">
            {order.map((name) =>
              name === "products" ? (
                <a key={name} href="#products-found">
                  Products ({products.data?.total})
                </a>
              ) : (
                <a key={name} href="#pages-found">
                  Pages ({pages.data?.total})
                </a>
              ),
            )}
          </nav>
          {order.map((name) => (name === "products" ? productsSection : pagesSection))}
        </>
      ) : null}
      {!q || (done && found === 0) ? (
        <div className="search-empty">
          {q ? <p className="search-none">Nothing matches “{q}”. Check the spelling, or try one of these:</p> : null}
          <ul className="search-ideas" aria-label="Try searching for">
            {SEARCH_IDEAS.map((idea) => (
              <li key={idea}>
                <a href={searchUrl(idea)}>{idea}</a>
              </li>
            ))}
          </ul>
          <CategoryLinks facets={categories.data?.facets?.category ?? []} title="Or browse a category" />
        </div>
      ) : null}
    </div>
  );
}
