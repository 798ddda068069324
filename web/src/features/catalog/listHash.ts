import { LIST_COUNT, type ListQuery } from "./catalogApi";

const KNOWN = new Set(["q", "sort", "start", "count"]);

/** §2: the list page's URL hash holds q, sort, start, count and the filters ("#q=ark&sort=price&format=DVD"). */
export function parseListHash(hash: string): ListQuery {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const number = (name: string, fallback: number, max: number) => {
    const n = Number.parseInt(params.get(name) ?? "", 10);
    return Number.isFinite(n) && n >= 0 ? Math.min(n, max) : fallback;
  };
  const filters: Record<string, string> = {};
  for (const [key, value] of params) if (!KNOWN.has(key) && value) filters[key] = value;
  return {
    q: params.get("q") ?? "",
    sort: params.get("sort") ?? "",
    start: number("start", 0, 1_000_000),
    count: number("count", LIST_COUNT, 480) || LIST_COUNT,
    filters,
  };
}

export function listHash({ q, sort, start, count, filters }: ListQuery): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort) params.set("sort", sort);
  if (start) params.set("start", String(start));
  if (count !== LIST_COUNT) params.set("count", String(count));
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `#${text}` : "";
}
