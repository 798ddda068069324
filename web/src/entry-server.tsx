import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { Provider } from "react-redux";
import { App } from "./app/App";
import { api, type ServerContext } from "./app/api";
import { preloadPage } from "./app/lazyPage";
import type { Head } from "./app/route";
import { findRoute } from "./app/routes";
import { CookieContext, homeCountry, PageNoticeContext } from "./app/ServerCookies";
import { makeStore } from "./app/store";
import { accountApi } from "./features/accounts/accountApi";
import { cartApi } from "./features/cart/cartApi";
import { navApi } from "./features/nav/navApi";
import { LocationProvider } from "./platform/router";
import { TOP_MENU_LAYER } from "@shop/shared/nav/api";

export type Rendered = { status: number; head: Head; redirect?: string; html: string; state: unknown };

/**
 * Renders one public page on the server (services/src/storefront-pages): loads what it shows into a fresh
 * store through the app's own API, as this visitor, then renders it to HTML. The store's state goes into
 * the page, so the browser hydrates without asking again.
 */
export async function render(url: string, server: ServerContext): Promise<Rendered> {
  const { pathname, search, hash } = new URL(url, "http://localhost");
  const store = makeStore(server);
  const { route, params } = findRoute(pathname);
  const shared: Promise<unknown>[] = [
    store.dispatch(accountApi.endpoints.me.initiate()),
    store.dispatch(navApi.endpoints.menuLayer.initiate([TOP_MENU_LAYER])),
  ];
  if (homeCountry(server.cookie) === "United States")
    shared.push(store.dispatch(cartApi.endpoints.miniCart.initiate()));
  // A lazy page's code is loaded first, so even the first visitor gets the page rather than its fallback.
  const [loaded] = await Promise.all([
    route.load({ store, params, pathname, search }),
    preloadPage(route.Page),
    ...shared,
  ]);
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  if (loaded.redirect) return { ...loaded, html: "", state: null };

  const page = server.notice ? { notice: server.notice } : {};
  const html = renderToString(
    <StrictMode>
      <Provider store={store}>
        <CookieContext.Provider value={server.cookie}>
          <PageNoticeContext.Provider value={page}>
            <LocationProvider initial={{ pathname, search, hash }}>
              <App />
            </LocationProvider>
          </PageNoticeContext.Provider>
        </CookieContext.Provider>
      </Provider>
    </StrictMode>,
  );
  const state = { ...store.getState(), page };
  store.dispatch(api.util.resetApiState()); // ends the cache entries' lifecycles (no socket on the server)
  return { ...loaded, html, state };
}
