import { type MouseEvent, useState } from "react";
import { useLazyFullFooterQuery } from "../nav/navApi";

/** Where the footer loader's link goes, and where a failure to load the full footer takes the visitor (§8). */
export const FULL_FOOTER_LINK = "/about/";

/** §4: a footer loader fills in the full footer; a failure navigates to the link's address (§8). */
export function SiteFooter() {
  const [load] = useLazyFullFooterQuery();
  const [html, setHtml] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const loadFooter = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    setLoading(true);
    load(undefined, true)
      .unwrap()
      .then(setHtml)
      .catch(() => window.location.assign(href))
      .finally(() => setLoading(false));
  };

  return (
    <footer className="site-footer">
      <div className="footer-inner">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the full footer is our own server's html built from menu nodes */}
        {html ? <div className="full-footer-box" dangerouslySetInnerHTML={{ __html: html }} /> : null}
        <p>© {new Date().getFullYear()} Ark &amp; Answers Ministry. All gifts support the ministry’s work.</p>
        <ul className="footer-links">
          <li>
            <a href="/account/">Your account</a>
          </li>
          <li>
            <a href="/store/cart/">Your cart</a>
          </li>
          <li>
            <a href="/kids/coloring-page/">Colouring page</a>
          </li>
          {html ? null : (
            <li>
              <a className="footer-loader" href={FULL_FOOTER_LINK} onClick={loadFooter} aria-busy={loading}>
                More from the ministry
              </a>
            </li>
          )}
        </ul>
      </div>
    </footer>
  );
}
