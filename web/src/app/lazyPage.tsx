import { type ComponentType, lazy, Suspense } from "react";

type Params = Record<string, string>;

/**
 * A page loaded on first use, outside the initial bundle (DESIGN §11's 150 kB): the server renders its
 * fallback, the browser fetches the page's chunk and renders it.
 */
export function lazyPage(load: () => Promise<ComponentType<{ params: Params }>>): ComponentType<{ params: Params }> {
  const Lazy = lazy(() => load().then((Page) => ({ default: Page })));
  return (props) => (
    <Suspense fallback={<p>Loading…</p>}>
      <Lazy {...props} />
    </Suspense>
  );
}
