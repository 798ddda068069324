import { useEffect } from "react";

declare global {
  interface Window {
    /** Set by /early-clicks.js (index.html): plays back the clicks made before the page was hydrated. */
    replayEarlyClicks?: () => void;
  }
}

/**
 * Rendered after the page, inside the boundary a lazy page suspends: its effect runs once the page's
 * own markup is hydrated (its handlers attached), and only then are the early clicks played back.
 */
export function ReplayEarlyClicks() {
  useEffect(() => window.replayEarlyClicks?.(), []);
  return null;
}
