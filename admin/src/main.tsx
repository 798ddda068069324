import "./platform/zodJitless";
import { installClientErrorReporting } from "@shop/shared/client-errors/reporter";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { RouterProvider } from "react-router/dom";
import { store } from "./app/store";
import { router } from "./app/router";
import "./styles.css";

installClientErrorReporting(); // the back office reports its script errors and failed requests as the storefront does (spec 1)

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
