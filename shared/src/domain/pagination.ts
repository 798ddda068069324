import { PAGINATION_MAX_LINKS } from "./constants.ts";

/** What a list page is showing: `count` results from offset `start` out of `total`. */
export interface PageRequest {
  total: number;
  /** Results per page; -1 (or any value below 1) means everything is shown on one page. */
  count: number;
  start: number;
}

/** One link of the pager: where it leads (start and count) and what it reads. */
export interface PageLink {
  kind: "first" | "previous-set" | "page" | "next-set" | "last" | "show-all";
  label: string;
  start: number;
  count: number;
  /** True only on the link of the page being shown. */
  current: boolean;
}

/** The pager of a list page: the page count, the current page (1-based) and the links in display order. */
export interface PaginationWindow {
  pageCount: number;
  currentPage: number;
  links: PageLink[];
}

/** The count that asks for every result at once (the 'Show All' link). */
export const SHOW_ALL_COUNT = -1;

/**
 * Builds the pager (back-office §9). Up to 20 pages get a link each. Beyond 20, a window of 20
 * pages moves with the current page (which sits 11th in it where possible), '« First: 1' and
 * 'Last: n »' appear when the window does not already show those pages, and the set jumps move 20
 * pages back or forward (stopping at the first or last page). 'Show All' (start 0, count -1)
 * ends the pager whenever there is more than one page. A request showing everything, or a single
 * page, gets no links.
 */
export function paginationWindow({ total, count, start }: PageRequest): PaginationWindow {
  if (count < 1 || total <= count) return { pageCount: total > 0 ? 1 : 0, currentPage: 1, links: [] };

  const pageCount = Math.ceil(total / count);
  const current = Math.min(Math.max(Math.floor(start / count), 0), pageCount - 1);
  const link = (kind: PageLink["kind"], label: string, page: number): PageLink => ({
    kind,
    label,
    start: page * count,
    count,
    current: kind === "page" && page === current,
  });

  const size = Math.min(PAGINATION_MAX_LINKS, pageCount);
  const first = Math.min(Math.max(current - Math.floor(size / 2), 0), pageCount - size);
  const last = first + size - 1;

  const links: PageLink[] = [];
  if (first > 0) {
    links.push(link("first", "« First: 1", 0));
    links.push(
      link("previous-set", `‹ Previous ${PAGINATION_MAX_LINKS} pages`, Math.max(current - PAGINATION_MAX_LINKS, 0)),
    );
  }
  for (let page = first; page <= last; page++) links.push(link("page", String(page + 1), page));
  if (last < pageCount - 1) {
    links.push(
      link("next-set", `Next ${PAGINATION_MAX_LINKS} pages ›`, Math.min(current + PAGINATION_MAX_LINKS, pageCount - 1)),
    );
    links.push(link("last", `Last: ${pageCount} »`, pageCount - 1));
  }
  links.push({ kind: "show-all", label: "Show All", start: 0, count: SHOW_ALL_COUNT, current: false });

  return { pageCount, currentPage: current + 1, links };
}
