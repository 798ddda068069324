/**
 * The furniture around a content page's body (docs/storefront-pages.md, "Content page furniture"):
 * pure functions the page answer is built with, so each rule is table-tested on its own.
 */

export interface FurnitureLink {
  title: string;
  url: string;
}

export interface TocEntry {
  /** The heading's id in `body_html`: the TOC link is `#id`. */
  id: string;
  title: string;
  /** 2 to 4: the heading's level (h1 is the page title). */
  level: number;
}

const HEADING = /<h([2-4])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1\s*>/gi;
const ID_ATTRIBUTE = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** A heading's visible text: its markup dropped and the common entities decoded. */
export function headingText(inner: string): string {
  return inner
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name])
    .replace(/\s+/g, " ")
    .trim();
}

/** `Why Genesis? (Part 1)` -> `why-genesis-part-1`; `section` when nothing is left. */
export function headingSlug(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "section";
}

/**
 * The table of contents from the body's h2-h4 headings, in document order. A heading keeps the id it
 * has; one without gets an anchor from its text (`-2`, `-3`... when taken), added to the returned
 * html. Empty headings are left out.
 */
export function tableOfContents(html: string): { html: string; toc: TocEntry[] } {
  const taken = new Set<string>();
  for (const m of html.matchAll(/\sid\s*=\s*["']?([^"'\s>]+)/gi)) taken.add(m[1]);
  const toc: TocEntry[] = [];
  const out = html.replace(HEADING, (whole, level: string, attrs: string, inner: string) => {
    const title = headingText(inner);
    if (!title) return whole;
    const own = ID_ATTRIBUTE.exec(attrs);
    let id = own ? (own[1] ?? own[2] ?? own[3]) : "";
    let tagged = whole;
    if (!id) {
      const base = headingSlug(title);
      id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
      tagged = `<h${level} id="${id}"${attrs}>${inner}</h${level}>`;
    }
    toc.push({ id, title, level: Number(level) });
    return tagged;
  });
  return { html: out, toc };
}

/** The page before and after `id` among its siblings, in the order the siblings are listed; null at either end. */
export function previousAndNext<T extends { id: number }>(
  siblings: readonly T[],
  id: number,
): { previous: T | null; next: T | null } {
  const at = siblings.findIndex((s) => s.id === id);
  if (at < 0) return { previous: null, next: null };
  return { previous: siblings[at - 1] ?? null, next: siblings[at + 1] ?? null };
}

/** Root first, the page last: the visible ancestors, then the page itself. */
export function breadcrumbs(ancestors: readonly FurnitureLink[], page: FurnitureLink): FurnitureLink[] {
  return [...ancestors, page];
}

export interface SectionNav {
  /** The section's own page: the page itself when it has children, otherwise its parent. */
  title: string;
  url: string;
  links: Array<FurnitureLink & { current: boolean }>;
}

/**
 * The left nav: the pages of the section the page is in. A page with children heads its own section
 * (its children are listed); a leaf is listed among its siblings under its parent, marked current.
 * A root page without children has no section.
 */
export function sectionNav(
  page: FurnitureLink,
  parent: FurnitureLink | null,
  children: readonly FurnitureLink[],
  siblings: readonly FurnitureLink[],
): SectionNav | null {
  if (children.length) return { ...page, links: children.map((c) => ({ ...c, current: false })) };
  if (!parent || !siblings.length) return null;
  return { ...parent, links: siblings.map((s) => ({ title: s.title, url: s.url, current: s.url === page.url })) };
}

/** How many related items a page lists. */
export const RELATED_ITEMS = 5;

/**
 * Related items: other pages sharing keywords with the page, most keywords in common first, then by
 * title; the page itself is never listed. `shares` lists a candidate once per keyword it shares with the page.
 */
export function relatedByKeywords<T extends FurnitureLink & { id: number }>(
  pageId: number,
  shares: readonly T[],
  limit = RELATED_ITEMS,
): T[] {
  const shared = new Map<number, { node: T; count: number }>();
  for (const node of shares) {
    if (node.id === pageId) continue;
    const seen = shared.get(node.id);
    if (seen) seen.count++;
    else shared.set(node.id, { node, count: 1 });
  }
  return [...shared.values()]
    .sort((a, b) => b.count - a.count || a.node.title.localeCompare(b.node.title) || a.node.id - b.node.id)
    .slice(0, limit)
    .map((s) => s.node);
}

/** Dig deeper: the pages under this one, each with its short description to tell them apart. */
export function digDeeper(
  children: ReadonlyArray<FurnitureLink & { short_description: string }>,
): Array<FurnitureLink & { summary: string }> {
  return children.map((c) => ({ title: c.title, url: c.url, summary: c.short_description }));
}
