import { sql, type Kysely } from "kysely";
import type { AdminProductListQuery, AdminSkuListQuery } from "@shop/shared/catalog/admin-api";
import type { CatalogTables } from "./catalog-tables.ts";

type Db = Kysely<CatalogTables>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const direction = (sort: string) => (sort.startsWith("-") ? "desc" : "asc");

/** The back office's product list: `sort` is one of ADMIN_PRODUCT_SORTS (checked by the router). */
export async function adminListProducts(db: Db, q: AdminProductListQuery, column: string) {
  let query = db.selectFrom("products");
  if (q.q) {
    const like = `%${escapeLike(q.q.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(title)`, "like", like), eb("codes", "like", like), eb(sql`lower(author)`, "like", like)]),
    );
  }
  if (q.category) query = query.where(sql<boolean>`${q.category} = ANY(categories)`);
  if (q.series) query = query.where("series", "=", q.series);
  if (q.author) query = query.where("author", "=", q.author);
  if (q.listed !== undefined) query = query.where("listed", "=", q.listed);
  const { total } = await query.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
  let page = query.selectAll().orderBy(sql.ref(column), direction(q.sort)).orderBy("id").offset(q.start);
  if (q.count >= 0) page = page.limit(q.count);
  return { rows: await page.execute(), total: Number(total) };
}

/** The back office's SKU list: `sort` is one of ADMIN_SKU_SORTS (checked by the router). */
export async function adminListSkus(db: Db, q: AdminSkuListQuery, column: string) {
  let query = db.selectFrom("skus");
  if (q.q) {
    const like = `%${escapeLike(q.q.toLowerCase())}%`;
    query = query.where((eb) => eb.or([eb(sql`lower(sku)`, "like", like), eb(sql`lower(name)`, "like", like)]));
  }
  if (q.category) query = query.where("category", "=", q.category);
  if (q.format) query = query.where("format", "=", q.format);
  if (q.product !== undefined) query = query.where("product_id", "=", q.product);
  if (q.active !== undefined) query = query.where("active", "=", q.active);
  if (q.user_defined_price !== undefined) query = query.where("user_defined_price", "=", q.user_defined_price);
  const { total } = await query.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
  let page = query.selectAll().orderBy(sql.ref(column), direction(q.sort)).orderBy("id").offset(q.start);
  if (q.count >= 0) page = page.limit(q.count);
  return { rows: await page.execute(), total: Number(total) };
}
