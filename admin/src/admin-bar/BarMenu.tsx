import { useEffect, useId, useRef, useState } from "react";

export type BarMenuItem = { label: string; onSelect?: () => unknown; href?: string; disabled?: boolean };

/** A disclosure menu of the bar (Edit, Publish): a button that shows a list of actions; Escape closes it. */
export function BarMenu({ label, items }: { label: string; items: BarMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const id = `ab-menu${useId().replace(/:/g, "")}`;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    // Escape from the button or an item of this menu (listened to here: the wrapping div is no control).
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !root.current?.contains(event.target as Node)) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("mousedown", outside);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("mousedown", outside);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <div className="ab-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="ab-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      <ul id={id} className="ab-menu-list" hidden={!open}>
        {items.map((item) => (
          <li key={item.label}>
            {item.href ? (
              <a href={item.href}>{item.label}</a>
            ) : (
              <button
                type="button"
                disabled={item.disabled}
                onClick={() => {
                  setOpen(false);
                  item.onSelect?.();
                }}
              >
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
