import { Suspense, useMemo } from "react";
import { SiteLayout } from "../features/layout/SiteLayout";
import { useLocation } from "../platform/router";
import { findRoute } from "./routes";

/**
 * The storefront: the layout around the page the address names. A lazy page (lazyPage.tsx) suspends
 * this boundary while its chunk loads. The page's element is kept while the path stays: a new one (a
 * hash or query change) reaching the boundary before it has hydrated would make React drop the
 * server's markup and render the page afresh, losing what was typed or clicked.
 */
export function App() {
  const { pathname } = useLocation();
  const page = useMemo(() => {
    const { route, params } = findRoute(pathname);
    const { Page } = route;
    return (
      <Suspense fallback={<p>Loading…</p>}>
        <Page key={pathname} params={params} />
      </Suspense>
    );
  }, [pathname]);
  return <SiteLayout>{page}</SiteLayout>;
}
