import "../platform/zodJitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { store } from "../app/store";
import { AdminBar, type AdminBarOptions } from "./AdminBar";
import "./adminBar.css";

/** Renders the bar into `host` with the back office's own store; returns the unmount. */
export function mount(host: HTMLElement, options: AdminBarOptions): () => void {
  const root = createRoot(host);
  root.render(
    <StrictMode>
      <Provider store={store}>
        <AdminBar {...options} />
      </Provider>
    </StrictMode>,
  );
  return () => root.unmount();
}
