import { type ReactNode, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";

/**
 * Mounts a widget's component on its element. The element's child elements (the staff's sanitised
 * markup) are taken out first and handed to `render`, which puts them back where it wants with
 * `<Adopt>`: the nodes move, nothing is re-parsed, so no HTML from the body is ever turned into
 * code. The cleanup puts the markup back as it was.
 */
export function mountReact(element: HTMLElement, render: (children: HTMLElement[]) => ReactNode): () => void {
  const before = Array.from(element.childNodes);
  const children = before.filter((n): n is HTMLElement => n instanceof HTMLElement);
  element.replaceChildren();
  element.classList.add("widget-mounted");
  const root = createRoot(element);
  root.render(render(children));
  return () => {
    // The page may be unmounting this very moment: unmount the widget's root after React's commit.
    queueMicrotask(() => {
      root.unmount();
      element.replaceChildren(...before);
      element.classList.remove("widget-mounted");
    });
  };
}

/** Mounts a component in place of the element (a link that becomes a button), and puts the element back on cleanup. */
export function mountInstead(element: HTMLElement, render: () => ReactNode): () => void {
  const host = document.createElement("span");
  host.className = "widget-host";
  element.replaceWith(host);
  const root = createRoot(host);
  root.render(render());
  return () => {
    queueMicrotask(() => {
      root.unmount();
      host.replaceWith(element);
    });
  };
}

/** Puts an existing DOM node (part of the staff's markup) inside a component's element. */
export function Adopt({ node, className, hidden }: { node: Node; className?: string; hidden?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.append(node);
    return () => {
      node.parentNode?.removeChild(node);
    };
  }, [node]);
  return <div ref={ref} className={className} hidden={hidden} />;
}

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Every widget honours the visitor's `prefers-reduced-motion`: no fades or slides, and no show that moves by itself. */
export const useReducedMotion = () => useMediaQuery("(prefers-reduced-motion: reduce)");
export { useMediaQuery };

/** The first heading of a piece of markup, as a widget's label (a tab, a slide). */
export function headingOf(node: HTMLElement): HTMLElement | null {
  return node.querySelector("h1, h2, h3, h4, h5, h6");
}
