import { useEffect, useId, useState } from "react";
import { mountReact } from "../mountReact";
import "../widgets.css";

/**
 * Tooltip (storefront §2): the element's `title` shown on hover and keyboard focus, dismissed by
 * Escape (WCAG 1.4.13), and kept while the pointer is over it. The term is a button (a Tab stop) described by the tip.
 */
function Tooltip({ term, tip }: { term: string; tip: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <button
      type="button"
      className="widget-tooltip"
      aria-describedby={`${id}-tip`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {term}
      <span role="tooltip" id={`${id}-tip`} className="widget-tooltip-tip" hidden={!open}>
        {tip}
      </span>
    </button>
  );
}

export function mount(element: HTMLElement) {
  const tip = element.getAttribute("title") ?? "";
  const term = element.textContent ?? "";
  if (!tip) return () => {};
  element.removeAttribute("title"); // the browser's own tip would show twice
  const unmount = mountReact(element, () => <Tooltip term={term} tip={tip} />);
  return () => {
    unmount();
    element.setAttribute("title", tip);
  };
}
