import { type ComponentType, lazy } from "react";

type Params = Record<string, string>;
type PageComponent = ComponentType<{ params: Params }>;

/** A page whose code loads on first use; `preload` loads it before the page is rendered or hydrated. */
export type LazyPage = PageComponent & { preload(): Promise<void> };

/**
 * A page loaded on first use, outside the initial bundle (DESIGN §11's 150 kB). The server and the
 * browser's start (main.tsx) preload the page the address names, so it is rendered whole and hydrated
 * at once: its chunk also injects the endpoints the server's data is taken over into. Navigating to it
 * later suspends App's boundary around the page while the chunk loads.
 */
export function lazyPage(load: () => Promise<PageComponent>): LazyPage {
  let Loaded: PageComponent | null = null;
  const preload = () =>
    load().then((Page) => {
      Loaded = Page;
    });
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = (props: { params: Params }) => (Loaded ? <Loaded {...props} /> : <Lazy {...props} />);
  return Object.assign(Page, { preload });
}

/** Loads the page's code if it is a lazy one; at once otherwise. */
export function preloadPage(Page: PageComponent | LazyPage): Promise<void> {
  return "preload" in Page ? Page.preload() : Promise.resolve();
}
