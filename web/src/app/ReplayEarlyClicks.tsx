import { useEffect } from "react";
import { PAGE_HYDRATED } from "../platform/router";

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
  useEffect(() => {
    window.dispatchEvent(new Event(PAGE_HYDRATED)); // the location takes up the hash (platform/router.tsx)
    window.replayEarlyClicks?.();
  }, []);
  return null;
}
