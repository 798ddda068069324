import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Adopt, headingOf, mountReact } from "../mountReact";
import { wrapIndex } from "../timing";
import "../widgets.css";

/**
 * Tabs (back-office §2.7): each child section is a tab, labelled by its first heading. Arrow keys,
 * Home and End move between tabs (automatic activation, WAI-ARIA tabs pattern).
 */
function Tabs({ sections }: { sections: HTMLElement[] }) {
  const id = useId();
  const [active, setActive] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const moved = useRef(false);
  const labels = sections.map((s, i) => headingOf(s)?.textContent?.trim() || `Tab ${i + 1}`);

  useEffect(() => {
    // The heading becomes the tab's label: hidden in the panel so it is not read twice.
    const headings = sections.map(headingOf);
    for (const h of headings) if (h) h.hidden = true;
    return () => {
      for (const h of headings) if (h) h.hidden = false;
    };
  }, [sections]);
  useEffect(() => {
    if (moved.current) tabs.current[active]?.focus();
  }, [active]);

  const onKeyDown = (e: KeyboardEvent) => {
    const to = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: sections.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    moved.current = true;
    setActive(wrapIndex(to, sections.length));
  };

  return (
    <div className="widget-tabs">
      <div role="tablist" className="widget-tablist" onKeyDown={onKeyDown}>
        {labels.map((label, i) => (
          <button
            key={label + String(i)}
            ref={(b) => {
              tabs.current[i] = b;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
          >
            {label}
          </button>
        ))}
      </div>
      {sections.map((section, i) => (
        <div
          key={`${id}-${String(i)}`}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern: a panel is one Tab stop, so its text is reachable
          tabIndex={0}
          hidden={i !== active}
          className="widget-tabpanel"
        >
          <Adopt node={section} />
        </div>
      ))}
    </div>
  );
}

export function mount(element: HTMLElement) {
  return mountReact(element, (children) => <Tabs sections={children} />);
}
