import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { App } from "./app/App";
import { api, hydrate } from "./app/api";
import { preloadPage } from "./app/lazyPage";
import { findRoute } from "./app/routes";
import { CookieContext, PageNoticeContext } from "./app/ServerCookies";
import { makeStore } from "./app/store";
import { installClientErrorReporting } from "@shop/shared/client-errors/reporter";
import { installAnalytics } from "./platform/analytics";
import { LocationProvider } from "./platform/router";
import "./styles.css";

installClientErrorReporting(); // first, so an error while the page starts is reported too
installAnalytics(); // outbound clicks, downloads and the players' events (spec 1)

// The server's store, handed over as a JSON data block (not a script: the CSP runs none inline).
const stateElement = document.getElementById("ssr-state");
const store = makeStore();
const serverState = stateElement?.textContent ? JSON.parse(stateElement.textContent) : null;

type ServerQuery = { status: string; endpointName: string; originalArgs?: unknown; data?: unknown };

/**
 * The server's answers become this tab's cache. Those it got are upserted, which runs each endpoint's
 * cache lifecycle (`onCacheEntryAdded`: the live cart and thermometer) as a fetch would; a plain hydrate
 * would show them but never keep them live. Refusals (a 404) are hydrated as they are.
 */
function takeOver(state: { api: { queries: Record<string, ServerQuery>; provided: unknown } }) {
  const queries = Object.entries(state.api.queries);
  const refused = queries.filter(([, q]) => q.status !== "fulfilled");
  store.dispatch(
    hydrate({ api: { ...state.api, queries: Object.fromEntries(refused), provided: { tags: {}, keys: {} } } }),
  );
  const entries = queries
    .filter(([, q]) => q.status === "fulfilled")
    .map(([, q]) => ({ endpointName: q.endpointName, arg: q.originalArgs, value: q.data }));
  // The endpoints are injected by the features, so the base api's types do not list them.
  store.dispatch(api.util.upsertQueryEntries(entries as never));
}

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <Provider store={store}>
      <CookieContext.Provider value={document.cookie}>
        <PageNoticeContext.Provider value={serverState?.page ?? {}}>
          <LocationProvider>
            <App />
          </LocationProvider>
        </PageNoticeContext.Provider>
      </CookieContext.Provider>
    </Provider>
  </StrictMode>
);

/**
 * A lazy page's code comes first: it injects the endpoints the server's answers are taken over into,
 * and the page then hydrates whole, as the server rendered it. Clicks meanwhile wait in
 * /early-clicks.js. A chunk that fails to load is left to the page's own loading to report.
 */
function start() {
  if (serverState) takeOver(serverState);
  if (stateElement) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
preloadPage(findRoute(window.location.pathname).route.Page).then(start, start);
