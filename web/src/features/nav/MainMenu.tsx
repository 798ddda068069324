import { TOP_MENU_LAYER } from "@shop/shared/nav/home-country";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useLazyMenuLayerQuery, useMenuLayerQuery } from "./navApi";
import { toggleSubmenu } from "./panels";
import { useOutsideClose } from "./useOutsideClose";
import "./nav.css";

/** The ids of the submenus that hold `button` (outermost first). */
function ancestorIds(button: HTMLElement): number[] {
  const ids: number[] = [];
  for (let box = button.closest(".submenu"); box; box = box.parentElement?.closest(".submenu") ?? null) {
    ids.unshift(Number((box as HTMLElement).dataset.submenuOf));
  }
  return ids;
}

/**
 * The header's menu, from the menu nodes staff edit: the top layer comes with the page, and each
 * submenu is asked for (GET /api/nav/get-menu-layer/) the first time it is opened. The layers are the
 * server's html, so the toggles inside are handled here by delegation. The store's own links follow in
 * the same nav (one nav bar); without the menu nodes they are all it shows.
 */
export function MainMenu({ children }: { children?: ReactNode }) {
  const { data } = useMenuLayerQuery([TOP_MENU_LAYER]);
  const html = data?.[TOP_MENU_LAYER] ?? "";
  const [loadLayer] = useLazyMenuLayerQuery();
  const box = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<number[]>([]);
  const close = useCallback(() => setOpen((ids) => (ids.length ? [] : ids)), []);
  const lastToggle = useCallback(
    () => box.current?.querySelector<HTMLElement>(`button[data-menu-id="${open[0]}"]`),
    [open],
  );
  useOutsideClose(box, open.length > 0, close, lastToggle);

  useEffect(() => {
    if (!html) return; // the toggles are in the server's html: set again whenever it is replaced
    for (const button of box.current?.querySelectorAll<HTMLButtonElement>("button[data-menu-id]") ?? []) {
      const isOpen = open.includes(Number(button.dataset.menuId));
      button.setAttribute("aria-expanded", String(isOpen));
      button.closest("li")?.classList.toggle("active", isOpen);
      const submenu = document.getElementById(button.getAttribute("aria-controls") ?? "");
      if (submenu) submenu.hidden = !isOpen;
    }
  }, [open, html]);

  // Delegation for the toggle buttons inside the server's html (a native listener: the box itself takes no input).
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const element = box.current;
    if (!element || !html) return;
    const onClick = (event: MouseEvent) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-menu-id]");
      if (!button) return;
      const id = Number(button.dataset.menuId);
      const opening = !openRef.current.includes(id);
      setOpen(toggleSubmenu(openRef.current, id, ancestorIds(button)));
      const submenu = document.getElementById(button.getAttribute("aria-controls") ?? "");
      if (opening && submenu && !submenu.hasChildNodes()) {
        // §8: a menu load failure is silent; the item's own link still goes to its page.
        loadLayer([id], true)
          .unwrap()
          .then((layers) => {
            if (!submenu.hasChildNodes() && layers[id]) submenu.innerHTML = layers[id];
          })
          .catch(() => undefined);
      }
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [html, loadLayer]);

  return (
    <nav aria-label="Main" className="main-menu" id="main-menu">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: menu layers are our own server's html (names escaped); the CSP runs no inline script */}
      {html ? <div ref={box} className="menu-nodes" dangerouslySetInnerHTML={{ __html: html }} /> : null}
      {children}
    </nav>
  );
}
