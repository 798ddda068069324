import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { OverlayKind } from "../rules";
import { wrapIndex } from "../timing";

/** What an overlay shows; `alt` is an image's own text when it is not the title. */
export type OverlayItem = { kind: OverlayKind; title: string; href: string; source: HTMLElement | null; alt?: string };

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])';

/**
 * The overlay dialog: a native modal `<dialog>` (the page behind is inert), closed by Close, a click
 * on the backdrop or Escape. Tab wraps inside it; a rel set adds Previous/Next (and the arrow keys)
 * and one dot per item. The fade-in is left out under `prefers-reduced-motion` (widgets.css).
 */
export function Overlay({ items, start, onClose }: { items: OverlayItem[]; start: number; onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const item = items[index]!;
  const go = (to: number) => setIndex(wrapIndex(to, items.length));

  useEffect(() => {
    const d = dialog.current!;
    d.showModal();
    return () => d.close();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (items.length > 1 && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      if ((e.target as Element).closest("input, textarea, select")) return;
      go(index + (e.key === "ArrowRight" ? 1 : -1));
      e.preventDefault();
    }
    if (e.key !== "Tab") return;
    const focusable = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => !el.closest("[hidden]"),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      last?.focus();
      e.preventDefault();
    } else if (!e.shiftKey && document.activeElement === last) {
      first?.focus();
      e.preventDefault();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="widget-overlay"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // the backdrop: the dialog box itself has no padding
      }}
      onKeyDown={onKeyDown}
    >
      <div className="widget-overlay-frame">
        <div className="widget-overlay-head">
          <h2 id={`${id}-title`}>{item.title || "Details"}</h2>
          <button type="button" className="widget-overlay-close" onClick={onClose}>
            Close
          </button>
        </div>
        <div className="widget-overlay-content" key={index}>
          <Content item={item} />
        </div>
        {items.length > 1 && (
          <nav className="widget-overlay-nav" aria-label="More in this set">
            <button type="button" onClick={() => go(index - 1)}>
              Previous
            </button>
            <ol className="widget-dots">
              {items.map((it, i) => (
                <li key={it.href + String(i)}>
                  <button
                    type="button"
                    className="widget-dot"
                    aria-label={`${i + 1} of ${items.length}: ${it.title}`}
                    aria-current={i === index ? "true" : undefined}
                    onClick={() => go(i)}
                  />
                </li>
              ))}
            </ol>
            <button type="button" onClick={() => go(index + 1)}>
              Next
            </button>
          </nav>
        )}
      </div>
    </dialog>
  );
}

function Content({ item }: { item: OverlayItem }) {
  switch (item.kind) {
    case "image":
      return <img src={item.href} alt={item.alt || item.title} className="widget-overlay-image" />;
    case "inline":
    case "element":
      return <Borrow node={item.source!} />;
    case "page":
      return <Page href={item.href} />;
    case "frame":
      return (
        <iframe
          src={item.href}
          title={item.title || "Embedded page"}
          className="widget-overlay-frame-page"
          sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"
          referrerPolicy="strict-origin-when-cross-origin"
          allow="fullscreen"
        />
      );
    default: {
      const never: never = item.kind;
      return never;
    }
  }
}

/** Shows a piece of the page in the overlay and puts it back (hidden again) where it was on close. */
function Borrow({ node }: { node: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const mark = document.createComment("overlay");
    node.before(mark);
    ref.current!.append(node);
    node.hidden = false;
    return () => {
      node.hidden = true;
      mark.replaceWith(node);
    };
  }, [node]);
  return <div ref={ref} />;
}

type PageState = { status: "loading" } | { status: "done"; html: string } | { status: "failed" };

/** A page of this site, fetched in the background: its sanitised body, as the content page API gives it. */
function Page({ href }: { href: string }) {
  const [page, setPage] = useState<PageState>({ status: "loading" });
  useEffect(() => {
    const url = new URL(href, window.location.href);
    const abort = new AbortController();
    fetch(`/api/content/page/?url=${encodeURIComponent(url.pathname)}`, { signal: abort.signal })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((r: { page: { body_html: string } }) => setPage({ status: "done", html: r.page.body_html }))
      .catch(() => {
        if (!abort.signal.aborted) setPage({ status: "failed" });
      });
    return () => abort.abort();
  }, [href]);
  if (page.status === "loading") return <p role="status">Loading…</p>;
  if (page.status === "failed")
    return (
      <p role="alert">
        This page could not be shown here. <a href={href}>Open it</a>.
      </p>
    );
  return (
    <div className="content-body">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a page body as the content page shows it, sanitised on the server (projections content-nodes/render/sanitize-html.ts) */}
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </div>
  );
}
