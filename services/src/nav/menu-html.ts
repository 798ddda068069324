import { REGIONS } from "@shop/shared/nav/api";
import { escapeHtml } from "@shop/projections";

/** A Live menu node as the nav shows it; `hasChildren` when it has Live children of its own. */
export interface MenuItem {
  id: number;
  name: string;
  url: string;
  hasChildren: boolean;
}

/**
 * One layer of the menu: a list of links, each with a submenu toggle when it has children. The
 * storefront fills the empty submenu box with the next layer when the toggle is first opened.
 */
export function menuLayerHtml(parent: number, items: MenuItem[]): string {
  const rows = items.map((item) => {
    const name = escapeHtml(item.name);
    const link = `<a href="${escapeHtml(item.url)}">${name}</a>`;
    if (!item.hasChildren) return `<li class="menu-item">${link}</li>`;
    const box = `submenu-${item.id}`;
    return (
      `<li class="menu-item has-submenu">${link}` +
      `<button type="button" class="submenu-toggle" aria-expanded="false" aria-controls="${box}" data-menu-id="${item.id}">` +
      `<span class="visually-hidden">${name} submenu</span></button>` +
      `<div class="submenu" id="${box}" data-submenu-of="${item.id}" hidden></div></li>`
    );
  });
  return `<ul class="menu-layer" data-menu-layer="${parent}">${rows.join("")}</ul>`;
}

/** The full footer: each top menu item as a column heading over its own children. */
export function fullFooterHtml(columns: Array<{ item: MenuItem; children: MenuItem[] }>): string {
  const html = columns.map(({ item, children }) => {
    const links = children.map((c) => `<li><a href="${escapeHtml(c.url)}">${escapeHtml(c.name)}</a></li>`).join("");
    const heading = `<h2 class="footer-heading"><a href="${escapeHtml(item.url)}">${escapeHtml(item.name)}</a></h2>`;
    return `<section class="footer-column">${heading}${links ? `<ul>${links}</ul>` : ""}</section>`;
  });
  return `<div class="full-footer">${html.join("")}</div>`;
}

/** The region and language panel: a button per region (the current one pressed) and its languages. */
export function regionPanelHtml(current: string): string {
  const regions = REGIONS.map(({ country }) => {
    const name = escapeHtml(country);
    return `<li><button type="button" class="region-choice" data-home-country="${name}" aria-pressed="${country === current}">${name}</button></li>`;
  });
  const languages = REGIONS.find((r) => r.country === current)?.languages ?? ["English"];
  const langs = languages.map((l) => `<li><span lang="en">${escapeHtml(l)}</span></li>`).join("");
  return (
    `<div class="region-panel"><h2 class="panel-heading">Region</h2><ul class="region-list">${regions.join("")}</ul>` +
    `<h2 class="panel-heading">Language</h2><ul class="language-list">${langs}</ul></div>`
  );
}
