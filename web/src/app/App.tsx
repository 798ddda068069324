import { Suspense, useEffect, useMemo } from "react";
import { track } from "../platform/analytics";
import { SiteLayout } from "../features/layout/SiteLayout";
import { useLocation } from "../platform/router";
import { ReplayEarlyClicks } from "./ReplayEarlyClicks";
import { findRoute } from "./routes";

/**
 * The storefront: the layout around the page the address names. A lazy page (lazyPage.tsx) suspends
 * this boundary while its chunk loads. The page's element is kept while the path stays: a new one (a
 * hash or query change) reaching the boundary before it has hydrated would make React drop the
 * server's markup and render the page afresh, losing what was typed or clicked. The clicks made
 * before hydration are played back from inside the boundary, after the page: once it has handlers.
 */
export function App() {
  const { pathname } = useLocation();
  useEffect(() => track({ name: "page_view", path: pathname }), [pathname]);
  const page = useMemo(() => {
    const { route, params } = findRoute(pathname);
    const { Page } = route;
    return (
      <Suspense fallback={<p>Loading…</p>}>
        <Page key={pathname} params={params} />
        <ReplayEarlyClicks />
      </Suspense>
    );
  }, [pathname]);
  return <SiteLayout>{page}</SiteLayout>;
}
