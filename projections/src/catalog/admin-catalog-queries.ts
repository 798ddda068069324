import { sql, type Kysely } from "kysely";
import type { AdminProductListQuery, AdminSkuListQuery } from "@shop/shared/catalog/admin-api";
import type { CatalogTables } from "./catalog-tables.ts";
import { containsPattern, listPage } from "../list-page.ts";

type Db = Kysely<CatalogTables>;

/** The back office's product list: `sort` is one of ADMIN_PRODUCT_SORTS (checked by the router). */
export async function adminListProducts(db: Db, q: AdminProductListQuery, column: string) {
  let query = db.selectFrom("products");
  if (q.q) {
    const like = containsPattern(q.q);
    query = query.where((eb) =>
      eb.or([eb(sql`lower(title)`, "like", like), eb("codes", "like", like), eb(sql`lower(author)`, "like", like)]),
    );
  }
  if (q.category) query = query.where(sql<boolean>`${q.category} = ANY(categories)`);
  if (q.series) query = query.where("series", "=", q.series);
  if (q.author) query = query.where("author", "=", q.author);
  if (q.listed !== undefined) query = query.where("listed", "=", q.listed);
  return listPage(query, q, column);
}

/** The back office's SKU list: `sort` is one of ADMIN_SKU_SORTS (checked by the router). */
export async function adminListSkus(db: Db, q: AdminSkuListQuery, column: string) {
  let query = db.selectFrom("skus");
  if (q.q) {
    const like = containsPattern(q.q);
    query = query.where((eb) => eb.or([eb(sql`lower(sku)`, "like", like), eb(sql`lower(name)`, "like", like)]));
  }
  if (q.category) query = query.where("category", "=", q.category);
  if (q.format) query = query.where("format", "=", q.format);
  if (q.product !== undefined) query = query.where("product_id", "=", q.product);
  if (q.active !== undefined) query = query.where("active", "=", q.active);
  if (q.user_defined_price !== undefined) query = query.where("user_defined_price", "=", q.user_defined_price);
  return listPage(query, q, column);
}
