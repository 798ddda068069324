import type { ProductCard } from "@shop/shared/catalog/api";
import { CampaignThermometer } from "../campaigns/CampaignThermometer";
import { useProductListQuery } from "../catalog/catalogApi";
import { CategoryLinks } from "./CategoryLinks";
import { HomeProductCard } from "./HomeProductCard";
import { ArkArtwork } from "./ArkArtwork";
import { NEWEST_QUERY, ROW_SIZE, useFeaturedQuery } from "./homeApi";
import "./home.css";

function ProductRow({ id, title, items, more }: { id: string; title: string; items: ProductCard[]; more: string }) {
  if (!items.length) return null;
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section-head">
        <h2 id={id}>{title}</h2>
        <a href={more}>View all</a>
      </div>
      <ul className="home-products">
        {items.map((product) => (
          <HomeProductCard key={product.id} product={product} />
        ))}
      </ul>
    </section>
  );
}

/** The home page: the campaign's story and progress, then what the store offers (spec 26.2). */
export function HomePage() {
  const { data: featured } = useFeaturedQuery();
  const { data: newest } = useProductListQuery(NEWEST_QUERY);
  const picks = (featured?.items ?? []).slice(0, ROW_SIZE);
  const shown = new Set(picks.map((p) => p.id));
  const fresh = ((newest?.items ?? []) as ProductCard[]).filter((p) => !shown.has(p.id)).slice(0, ROW_SIZE);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero-text">
          <p className="eyebrow">The Ark campaign</p>
          <h1 id="hero-heading">Help bring the Flood’s story to a new generation</h1>
          <p className="hero-story">
            Every year thousands of families walk the Ark’s three decks. Your gift builds the next exhibit, brings
            school groups in free, and keeps the answers coming for curious minds.
          </p>
          <div className="hero-actions">
            <a className="button hero-donate" href="/donate/">
              Donate
            </a>
            <a className="button secondary" href="/store/">
              Shop the store
            </a>
          </div>
          <div className="hero-thermometer">
            <CampaignThermometer campaign="ark-main" title="Raised so far" />
          </div>
        </div>
        <ArkArtwork />
      </section>
      <ProductRow
        id="featured-heading"
        title={featured?.picked ? "Staff picks" : "Featured"}
        items={picks}
        more="/store/"
      />
      <ProductRow id="new-heading" title="New arrivals" items={fresh} more="/store/#sort=-release_date" />
      <CategoryLinks facets={newest?.facets?.category ?? []} />
      <section className="home-magazine" aria-labelledby="magazine-heading">
        <div>
          <p className="eyebrow">Answers Magazine</p>
          <h2 id="magazine-heading">Answers to the questions your family asks</h2>
          <p>Four issues a year of science, history and the Bible, with free video downloads for every subscriber.</p>
        </div>
        <a className="button" href="/store/magazine/">
          Subscribe
        </a>
      </section>
    </div>
  );
}
