import { SiteLayout } from "../features/layout/SiteLayout";
import { useLocation } from "../platform/router";
import { findRoute } from "./routes";

/** The storefront: the layout around the page the address names. */
export function App() {
  const { pathname } = useLocation();
  const { route, params } = findRoute(pathname);
  const { Page } = route;
  return (
    <SiteLayout>
      <Page key={pathname} params={params} />
    </SiteLayout>
  );
}
