import { openOverlay } from "../overlay/mountOverlay";
import type { OverlayItem } from "../overlay/OverlayDialog";

/**
 * Issue viewer overlay (storefront §2): a link to an element of the page holding an issue's page
 * images (`<a href="#spring-issue" data-widget="issue-viewer" title="Answers, Spring">`) opens the
 * pages in the overlay, one at a time, with Previous/Next (and ←/→) and a dot per page.
 */
export function mount(link: HTMLElement) {
  const href = link.getAttribute("href") ?? "";
  const issue = href.startsWith("#") ? document.getElementById(href.slice(1)) : null;
  const images = issue ? Array.from(issue.querySelectorAll("img")) : [];
  if (!issue || !images.length) return () => {};
  const title = link.getAttribute("title") || link.textContent?.trim() || "Issue";
  const pages: OverlayItem[] = images.map((img, i) => ({
    kind: "image",
    title: `${title}, page ${i + 1} of ${images.length}`,
    href: img.getAttribute("src") ?? "",
    source: null,
    alt: img.alt,
  }));
  issue.hidden = true; // the pages show in the viewer
  link.setAttribute("aria-haspopup", "dialog");
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openOverlay(pages, 0, link);
  };
  link.addEventListener("click", onClick);
  return () => {
    link.removeEventListener("click", onClick);
    link.removeAttribute("aria-haspopup");
    issue.hidden = false;
  };
}
