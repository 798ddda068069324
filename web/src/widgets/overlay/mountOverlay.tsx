import { createRoot } from "react-dom/client";
import { overlayKind, type OverlayKind } from "../rules";
import { Overlay, type OverlayItem } from "./OverlayDialog";
import "../widgets.css";

// The overlay links of the page, each with what it shows; a rel set is the links sharing `data-rel`.
const links = new Map<HTMLAnchorElement, OverlayItem>();

function setOf(link: HTMLAnchorElement): HTMLAnchorElement[] {
  const rel = link.dataset.rel;
  if (!rel) return [link];
  return [...links.keys()]
    .filter((l) => l.dataset.rel === rel && l.isConnected)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

// back-office §8: "Overlay with no content, or one already open: logged only" (nothing opens).
export const OVERLAY_ALREADY_OPEN = "overlay: one is already open; this one is not opened";
export const OVERLAY_NO_CONTENT = "overlay: the link points at nothing to show; it is not an overlay";
let open = false;

/** Opens the overlay on `items` at `start`; on close it goes away and the focus returns to `opener`. */
export function openOverlay(items: OverlayItem[], start: number, opener: HTMLElement) {
  if (open) {
    console.info(OVERLAY_ALREADY_OPEN);
    return;
  }
  open = true;
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  const close = () =>
    queueMicrotask(() => {
      open = false;
      root.unmount();
      host.remove();
      opener.focus();
    });
  root.render(<Overlay items={items} start={start} onClose={close} />);
}

function itemOf(link: HTMLAnchorElement, kind: OverlayKind): OverlayItem | null {
  const href = link.getAttribute("href") ?? "";
  const title = link.getAttribute("title") || link.textContent?.trim() || link.querySelector("img")?.alt || "";
  if (kind === "inline" || kind === "element") {
    const source = kind === "inline" ? link.nextElementSibling : document.getElementById(href.slice(1));
    if (!(source instanceof HTMLElement)) return null;
    source.hidden = true; // shown in the overlay only
    return { kind, title, href, source };
  }
  return { kind, title, href, source: null };
}

/**
 * Overlay/lightbox (back-office §2.4): a link with `data-widget="overlay"` opens what it points at in
 * a modal dialog instead of leaving the page. A new-tab click (Ctrl, Cmd, Shift, middle) still follows the link.
 */
export function mount(link: HTMLElement) {
  if (!(link instanceof HTMLAnchorElement)) return () => {};
  const kind = overlayKind(link.dataset.overlay, link.getAttribute("href") ?? "", window.location.origin);
  const item = kind && itemOf(link, kind);
  if (!item) {
    if (kind) console.info(OVERLAY_NO_CONTENT, link.getAttribute("href"));
    return () => {};
  }
  links.set(link, item);
  link.setAttribute("aria-haspopup", "dialog");
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const set = setOf(link);
    openOverlay(
      set.map((l) => links.get(l)!),
      set.indexOf(link),
      link,
    );
  };
  link.addEventListener("click", onClick);
  return () => {
    links.delete(link);
    link.removeEventListener("click", onClick);
    link.removeAttribute("aria-haspopup");
    if (item.source) item.source.hidden = false;
  };
}
