import { useEffect, useState } from "react";
import { Adopt, mountReact, useMediaQuery } from "../mountReact";
import { accordionOpen, PHONE_QUERY } from "../rules";
import "../widgets.css";

/**
 * Expanders and accordions (back-office §2.7, §4): the staff's `<details>` items, kept as they are
 * (the browser's own disclosure: keyboard and screen readers for free). On a phone (up to 767 px)
 * opening one closes the others, and a lone item starts open; wider, every item shows open.
 */
function Accordion({ items }: { items: HTMLDetailsElement[] }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [opened, setOpened] = useState<number | null>(null);

  useEffect(() => {
    const open = accordionOpen(items.length, phone, opened);
    items.forEach((d, i) => {
      d.open = open[i]!;
    });
  }, [items, phone, opened]);

  useEffect(() => {
    const handlers = items.map((d, i) => {
      const onToggle = () => {
        if (!window.matchMedia(PHONE_QUERY).matches) return;
        if (d.open) setOpened(i);
        else setOpened((o) => (o === i ? -1 : o));
      };
      // Wider than a phone the items stay open: the summary does not fold them away.
      const onClick = (e: Event) => {
        if (!window.matchMedia(PHONE_QUERY).matches && (e.target as Element).closest("summary")?.parentElement === d)
          e.preventDefault();
      };
      d.addEventListener("toggle", onToggle);
      d.addEventListener("click", onClick);
      return () => {
        d.removeEventListener("toggle", onToggle);
        d.removeEventListener("click", onClick);
      };
    });
    return () => {
      for (const off of handlers) off();
    };
  }, [items]);

  return (
    <div className={phone ? "widget-accordion" : "widget-accordion widget-accordion-wide"}>
      {items.map((d, i) => (
        <Adopt key={String(i)} node={d} />
      ))}
    </div>
  );
}

export function mount(element: HTMLElement) {
  // A lone expander may be the `<details data-widget="accordion">` itself.
  if (element instanceof HTMLDetailsElement) {
    const wrapper = document.createElement("div");
    element.replaceWith(wrapper);
    wrapper.append(element);
    const unmount = mountReact(wrapper, () => <Accordion items={[element]} />);
    return () => {
      unmount();
      queueMicrotask(() => wrapper.replaceWith(element));
    };
  }
  return mountReact(element, (children) => (
    <Accordion items={children.filter((c): c is HTMLDetailsElement => c instanceof HTMLDetailsElement)} />
  ));
}
