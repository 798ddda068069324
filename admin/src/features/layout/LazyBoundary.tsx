import { Suspense, type ReactNode } from "react";

/**
 * Shows a polite status line while a part loaded on first use (a page, the code editor, the toolbox's
 * tools) is fetched. Each lazy part gets its own boundary so the rest of the page stays in place.
 */
export function LazyBoundary({ what, children }: { what: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="muted lazy-loading">
          Loading {what}…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
