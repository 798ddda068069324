import { useEffect, useState } from "react";

/** The element a live-chat provider's embed is mounted in (docs/storefront-pages.md, "Live-chat link"). */
export const CHAT_WIDGET_SELECTOR = "[data-live-chat-widget]";

/**
 * Spec §4: the live-chat link is hidden until the chat widget appears. It watches the document for
 * the widget (a chat script loads late, or not at all); the link opens the widget by pressing its
 * first control. Loaded on its own chunk, after the page.
 */
export default function LiveChatLink() {
  const [widget, setWidget] = useState<Element | null>(null);
  useEffect(() => {
    const look = () => setWidget(document.querySelector(CHAT_WIDGET_SELECTOR));
    look();
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  if (!widget) return null;
  const open = () => {
    const control = widget.querySelector<HTMLElement>("button, a[href], [tabindex]");
    control?.focus();
    control?.click();
  };
  return (
    <p className="live-chat-link">
      {/* The spec's "link" opens the widget in place, so it is a button (styled as a link). */}
      <button type="button" className="link-button" onClick={open}>
        Live chat
      </button>
    </p>
  );
}
