import type { Kysely } from "kysely";
import { type Database, listProductsPage, productsByIds } from "@shop/projections";
import { FEATURED_PAGE_URL, MAX_FEATURED } from "@shop/shared/home/constants";
import type { FeaturedAnswer } from "@shop/shared/home/api";
import { productCard } from "../catalog/catalog-cards.ts";

/** The product ids a page's html links to (`/store/products/{id}/`), first link first, each once. */
export function linkedProductIds(html: string): number[] {
  const ids = [...html.matchAll(/href="\/store\/products\/(\d+)\/?[^"]*"/g)].map((m) => Number(m[1]));
  return [...new Set(ids)];
}

/**
 * Staff pick the featured products by linking them on the featured content page (its public html, so a
 * draft of the page changes nothing until published); without picks, the newest listed products.
 */
export async function featuredProducts(db: Kysely<Database>): Promise<Omit<FeaturedAnswer, "metadata">> {
  const page = await db
    .selectFrom("content_page_bodies as b")
    .innerJoin("content_nodes as n", "n.id", "b.node_id")
    .select("b.html_anonymous as html")
    .where("n.url", "=", FEATURED_PAGE_URL)
    .where("n.status", "in", ["Live", "Changes Pending"])
    .executeTakeFirst();
  const ids = linkedProductIds(page?.html ?? "").slice(0, MAX_FEATURED);
  const rows = await productsByIds(db, ids);
  const picked = ids.flatMap((id) => rows.filter((r) => r.id === id));
  if (picked.length) return { picked: true, items: picked.map(productCard) };
  const newest = await listProductsPage(db, { sort: "-release_date", start: 0, count: MAX_FEATURED });
  return { picked: false, items: newest.map(productCard) };
}
