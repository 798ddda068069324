import { lazy, Suspense, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { bodyWithAds } from "@shop/shared/content/ad-placements";
import { Link, useLocation } from "../../platform/router";
import { useMeQuery } from "../accounts/accountApi";
import { useWidgets } from "../../widgets/registry";
import { NotFoundPage } from "../layout/NotFoundPage";
import { type ContentPageData, useContentPageQuery } from "./contentPageApi";
import { StaffAdminBar } from "./StaffAdminBar";
import "./contentPage.css";

// Interactive only: its own chunk, out of the storefront's initial JS. The server renders nothing for
// them, and the browser renders them only once the page is hydrated, so they never show before their
// handlers (a keyboard share in CI once went to a toolbar that did not answer yet).
const ShareToolbar = lazy(() => import("./ShareToolbar"));
const LiveChatLink = lazy(() => import("./LiveChatLink"));
const noSubscription = () => () => {};
/** False on the server and while hydrating, true after: for parts the server must not render. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** A content page (catch-all route): breadcrumbs, the section's left nav, title, body with expanded template tags, previous/next. */
export function ContentPage() {
  const { pathname } = useLocation();
  const { data: me, isLoading: meLoading } = useMeQuery();
  const staff = me?.is_staff === true;
  const hydrated = useHydrated();
  const {
    data: page,
    error,
    isLoading,
    refetch,
  } = useContentPageQuery({ url: pathname, preview: staff }, { skip: meLoading });

  useEffect(() => {
    if (page) document.title = `${page.title} | Ark & Answers`;
  }, [page]);

  if (isLoading || meLoading) return <p role="status">Loading…</p>;
  if (error || !page) {
    if (error && "status" in error && error.status === 404) return <NotFoundPage />;
    return <p role="alert">Our server seems to be acting up. Please come back and try again later.</p>;
  }

  const parent = page.breadcrumbs.length > 1 ? page.breadcrumbs[page.breadcrumbs.length - 2] : null;
  return (
    <div className="content-page">
      {staff && <StaffAdminBar key={page.id} nodeId={page.id} parentUrl={parent?.url ?? null} onSaved={refetch} />}
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {page.breadcrumbs.map((crumb, i) => (
            <li key={crumb.url}>
              {i === page.breadcrumbs.length - 1 ? (
                <span aria-current="page">{crumb.title}</span>
              ) : (
                <Link to={crumb.url}>{crumb.title}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="content-layout">
        {page.section && (
          <nav aria-label="In this section" className="left-nav">
            <h2>
              <Link to={page.section.url}>{page.section.title}</Link>
            </h2>
            <ul>
              {page.section.links.map((link) => (
                <li key={link.url}>
                  <Link to={link.url} aria-current={link.current ? "page" : undefined}>
                    {link.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {/* Keyed by the page data: after an in-place edit the marked elements are rebuilt from what the server renders. */}
        <article className="content-article" key={`${page.id}:${page.title}:${page.body_html.length}:${page.status}`}>
          {page.preview && page.status !== "Live" && (
            <p className="preview-note">Preview: this page is {page.status}.</p>
          )}
          <h1 data-ipa-field="name">{page.title}</h1>
          {page.toc.length > 0 && (
            <nav aria-label="On this page" className="page-toc">
              <h2>On this page</h2>
              <ol>
                {page.toc.map((entry) => (
                  <li key={entry.id} className={`toc-level-${entry.level}`}>
                    <a href={`#${entry.id}`}>{entry.title}</a>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <ContentBody html={page.body_html} ads={page.ads} />
        </article>
      </div>
      {page.dig_deeper.length > 0 && (
        <section className="dig-deeper" aria-labelledby="dig-deeper-heading">
          <h2 id="dig-deeper-heading">Dig deeper</h2>
          <ul>
            {page.dig_deeper.map((item) => (
              <li key={item.url}>
                <Link to={item.url}>{item.title}</Link>
                {item.summary && <p>{item.summary}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {page.related.length > 0 && (
        <section className="related-items" aria-labelledby="related-heading">
          <h2 id="related-heading">Related</h2>
          <ul>
            {page.related.map((item) => (
              <li key={item.url}>
                <Link to={item.url}>{item.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <ShareToolbar url={page.url} title={page.title} />
          <LiveChatLink />
        </Suspense>
      )}
      {(page.previous || page.next) && (
        <nav aria-label="Previous and next pages" className="prev-next">
          {page.previous && (
            <Link to={page.previous.url} rel="prev">
              ‹ {page.previous.title}
            </Link>
          )}
          {page.next && (
            <Link to={page.next.url} rel="next" className="next">
              {page.next.title} ›
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

/** The page body, with its widgets (web/src/widgets, docs/widgets.md) mounted once it is in the document. */
function ContentBody({ html: bodyHtml, ads }: { html: string; ads: ContentPageData["ads"] }) {
  const body = useRef<HTMLDivElement>(null);
  // Ads are plain links placed in the markup (server-rendered, no script of their own); the ads the
  // server picked for this page view come with the page data, so the hydrated page shows the same ones.
  const html = useMemo(() => bodyWithAds(bodyHtml, ads ?? []), [bodyHtml, ads]);
  useWidgets(body, html);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the body is sanitised on the server (projections content-nodes/render/sanitize-html.ts) and the CSP runs no inline script
    <div ref={body} className="content-body" data-ipa-field="body" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
