import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { App } from "./app/App";
import { hydrate } from "./app/api";
import { CookieContext, PageNoticeContext } from "./app/ServerCookies";
import { makeStore } from "./app/store";
import { LocationProvider } from "./platform/router";
import "./styles.css";

// The server's store, handed over as a JSON data block (not a script: the CSP runs none inline).
const stateElement = document.getElementById("ssr-state");
const store = makeStore();
const serverState = stateElement?.textContent ? JSON.parse(stateElement.textContent) : null;
if (serverState) store.dispatch(hydrate(serverState));

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
if (stateElement) hydrateRoot(root, app);
else createRoot(root).render(app);
