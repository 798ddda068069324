import { sql, type SelectQueryBuilder } from "kysely";
import { fieldMessage, InvalidRequestError } from "@shop/shared";

// What every back-office list does the same way: a text filter, a checked sort column, and one page
// (`start`, `count`, -1 for all) with the total of the whole filtered list.

/** `text` as a LIKE pattern matching it anywhere, lower-cased, with LIKE's own characters escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The column a `sort` ('name' or '-name') names, when it is one the list allows; 400 otherwise. */
export function sortColumn(sort: string, allowed: readonly string[]): string {
  const column = sort.replace(/^-/, "");
  if (!allowed.includes(column)) throw new InvalidRequestError(fieldMessage("sort", `Cannot sort by ${column}.`));
  return column;
}

/** One page of a filtered list, ordered by `column` (then id), and how many rows the whole list has. */
export async function listPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  q: { sort: string; start: number; count: number },
  column: string,
) {
  // Over a generic table kysely cannot name the count row's type; its one column is `total`.
  const counted = await query.select(sql<string>`count(*)`.as("total")).executeTakeFirstOrThrow();
  const total = Reflect.get(counted as object, "total");
  let page = query
    .selectAll()
    .orderBy(sql.ref(column), q.sort.startsWith("-") ? "desc" : "asc")
    .orderBy(sql.ref("id"))
    .offset(q.start);
  if (q.count >= 0) page = page.limit(q.count);
  return { rows: await page.execute(), total: Number(total) };
}
